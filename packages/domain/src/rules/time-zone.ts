/**
 * IANA time zones of facilities (issue #16). The spec's `tzo` is a fixed offset in minutes with the
 * `Date#getTimezoneOffset` sign (positive west of UTC); a fixed offset prints winter evenings on the
 * next day, so each facility also has an IANA zone (e.g. 'America/Chicago') and every date the app
 * prints or sends for a facility goes through `formatDate(value, format, timeZone)`.
 *
 * Only `Intl.DateTimeFormat` is used (no time-zone database of our own): the runtime's ICU data knows
 * the rules, daylight saving time included.
 */

/** US zones first in the facility form's picker, east to west. */
export const US_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
] as const;

/** The zone a facility gets when nothing else is known: the default `tzo` 300 is US Central. */
export const DEFAULT_TIME_ZONE = 'America/Chicago';

/**
 * The IANA zone for a spec `tzo` (minutes, positive west of UTC). The offsets the US uses are read as
 * the zone whose daylight (summer) offset they are, because the default 300 is documented as US
 * Central daylight time: 240 New York, 300 Chicago, 360 Denver, 420 Los Angeles, 480 Anchorage; 540
 * (Alaska standard) Anchorage and 600 Honolulu. Any other whole hour becomes the fixed zone
 * 'Etc/GMT±h' (whose sign is the tzo's: Etc/GMT+5 is UTC-5), anything else UTC. Migration 0009 fills
 * existing facilities with the same mapping.
 */
export function timeZoneForOffset(tzo: number | null | undefined): string {
  if (tzo === null || tzo === undefined || !Number.isFinite(tzo)) return DEFAULT_TIME_ZONE;
  const us: Record<number, string> = {
    240: 'America/New_York',
    300: 'America/Chicago',
    360: 'America/Denver',
    420: 'America/Los_Angeles',
    480: 'America/Anchorage',
    540: 'America/Anchorage',
    600: 'Pacific/Honolulu',
  };
  if (us[tzo]) return us[tzo];
  if (tzo === 0) return 'UTC';
  if (Number.isInteger(tzo / 60) && Math.abs(tzo) <= 720)
    return `Etc/GMT${tzo > 0 ? '+' : '-'}${Math.abs(tzo / 60)}`;
  return 'UTC';
}

const IANA_SPELLING = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;
const formatters = new Map<string, Intl.DateTimeFormat>();
const canonical = new Map<string, string | undefined>();

/** A formatter of the zone's wall clock, cached per zone (creating one costs far more than using it). */
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size > 500) formatters.clear();
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * The canonical spelling of an IANA zone name ('america/chicago' → 'America/Chicago'), or undefined
 * when the runtime does not know it. Only names are accepted (Region/City, 'UTC', 'Etc/GMT+5'), not
 * offsets such as '+05:00' or '-0500', and nothing longer than 64 characters.
 */
export function canonicalTimeZone(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 64 || !IANA_SPELLING.test(value)) return undefined;
  if (canonical.has(value)) return canonical.get(value);
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    name = undefined;
  }
  if (canonical.size > 1000) canonical.clear();
  canonical.set(value, name);
  return name;
}

/**
 * The zone's offset at an instant, in minutes with the `Date#getTimezoneOffset` sign (positive west of
 * UTC): America/Chicago is 360 in January and 300 in July.
 */
export function timeZoneOffset(instant: Date | number, timeZone: string): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const parts: Record<string, number> = {};
  for (const p of wallClock(timeZone).formatToParts(ms))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second);
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  return Math.round((wholeSecond - asUtc) / 60_000);
}

/** Today's calendar day ('YYYY-MM-DD') in a zone. */
export function calendarDayInTimeZone(instant: Date | number, timeZone: string): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return new Date(ms - timeZoneOffset(ms, timeZone) * 60_000).toISOString().slice(0, 10);
}
