import { canonicalTimeZone, timeZoneOffset, US_TIME_ZONES } from '@glass/domain/rules/time-zone';
import { Select } from 'antd';
import { useMemo } from 'react';

const US_NAMES: Record<string, string> = {
  'America/New_York': 'Eastern',
  'America/Chicago': 'Central',
  'America/Denver': 'Mountain',
  'America/Phoenix': 'Arizona',
  'America/Los_Angeles': 'Pacific',
  'America/Anchorage': 'Alaska',
  'Pacific/Honolulu': 'Hawaii',
  'America/Puerto_Rico': 'Atlantic',
};

/** 'UTC−06:00' for an offset in minutes with the `Date#getTimezoneOffset` sign. */
function utcLabel(tzo: number): string {
  const east = -tzo;
  const abs = Math.abs(east);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `UTC${east < 0 ? '−' : '+'}${hh}:${mm}`;
}

function zoneOption(zone: string, now: number) {
  let offset = '';
  try {
    offset = ` (${utcLabel(timeZoneOffset(now, zone))})`;
  } catch {
    offset = '';
  }
  const name = US_NAMES[zone] ? `${US_NAMES[zone]} — ` : '';
  return { value: zone, label: `${name}${zone.replaceAll('_', ' ')}${offset}` };
}

/**
 * The picker's options: the US zones first, then every zone the browser knows
 * (`Intl.supportedValuesOf('timeZone')`), each with its offset now; a saved zone the browser does not
 * list (e.g. 'Etc/GMT+5' from migration 0009) is kept so the form shows it.
 */
export function timeZoneOptions(current?: string | null, now = Date.now()) {
  let all: string[] = [];
  try {
    all = Intl.supportedValuesOf('timeZone');
  } catch {
    all = [];
  }
  const us = new Set<string>(US_TIME_ZONES);
  const others = all.filter((z) => !us.has(z));
  if (current && !us.has(current) && !others.includes(current) && canonicalTimeZone(current))
    others.unshift(current);
  return [
    { label: 'United States', options: US_TIME_ZONES.map((z) => zoneOption(z, now)) },
    { label: 'All time zones', options: others.map((z) => zoneOption(z, now)) },
  ];
}

/** The facility's IANA time zone (issue #16): searchable by city, region or offset. */
export function TimeZoneSelect({
  value,
  onChange,
  disabled,
}: {
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
}) {
  const options = useMemo(() => timeZoneOptions(value), [value]);
  return (
    <Select
      showSearch
      value={value ?? undefined}
      onChange={onChange}
      disabled={disabled}
      options={options}
      optionFilterProp="label"
      placeholder="Choose a time zone"
      aria-label="Time Zone"
      style={{ width: '100%' }}
    />
  );
}
