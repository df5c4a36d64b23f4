import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date-format.js';
import {
  calendarDayInTimeZone,
  canonicalTimeZone,
  timeZoneForOffset,
  timeZoneOffset,
  US_TIME_ZONES,
} from './time-zone.js';

describe('facility time zones (issue #16: an IANA zone per facility beside the spec tzo)', () => {
  it('a 9 pm Chicago evening in January prints on the same day (a fixed tzo 300 printed the next)', () => {
    // 2025-01-15 21:00 CST is 2025-01-16 03:00 UTC.
    const evening = '2025-01-16T03:00:00Z';
    expect(formatDate(evening, 'MM/DD/YYYY', 'America/Chicago')).toBe('01/15/2025');
    expect(formatDateTime(evening, 'America/Chicago')).toBe('01/15/2025 09:00 PM');
    expect(formatDateTime(evening, 300)).toBe('01/15/2025 10:00 PM');
    // 11:30 pm CST: the fixed offset of summer time moves it past midnight, the zone does not.
    expect(formatDate('2025-01-16T05:30:00Z', 'MM/DD/YYYY', 300)).toBe('01/16/2025');
    expect(formatDate('2025-01-16T05:30:00Z', 'MM/DD/YYYY', 'America/Chicago')).toBe('01/15/2025');
  });

  it('follows daylight saving time across both changes of the year', () => {
    expect(formatDateTime('2025-07-16T02:00:00Z', 'America/Chicago')).toBe('07/15/2025 09:00 PM');
    // 2025-03-09: 1:59:59 CST is followed by 3:00 CDT.
    expect(formatDateTime('2025-03-09T07:59:00Z', 'America/Chicago')).toBe('03/09/2025 01:59 AM');
    expect(formatDateTime('2025-03-09T08:00:00Z', 'America/Chicago')).toBe('03/09/2025 03:00 AM');
    // 2025-11-02: 1:59 CDT is followed by 1:00 CST (the hour repeats).
    expect(formatDateTime('2025-11-02T06:30:00Z', 'America/Chicago')).toBe('11/02/2025 01:30 AM');
    expect(formatDateTime('2025-11-02T07:30:00Z', 'America/Chicago')).toBe('11/02/2025 01:30 AM');
    expect(timeZoneOffset(Date.parse('2025-01-15T12:00:00Z'), 'America/Chicago')).toBe(360);
    expect(timeZoneOffset(Date.parse('2025-07-15T12:00:00Z'), 'America/Chicago')).toBe(300);
    expect(timeZoneOffset(Date.parse('2025-07-15T12:00:00Z'), 'America/Phoenix')).toBe(420);
    expect(timeZoneOffset(Date.parse('2025-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(-330);
  });

  it('the calendar day of an instant in a zone', () => {
    expect(calendarDayInTimeZone(Date.parse('2025-01-16T03:00:00Z'), 'America/Chicago')).toBe('2025-01-15');
    expect(calendarDayInTimeZone(Date.parse('2025-01-16T03:00:00Z'), 'Europe/Warsaw')).toBe('2025-01-16');
  });

  it('wall-clock strings (no zone) print as written, whatever the zone', () => {
    expect(formatDateTime('2025-01-15T21:00:00', 'America/New_York')).toBe('01/15/2025 09:00 PM');
    expect(formatDate('2025-01-15', 'MM/DD/YYYY', 'Pacific/Honolulu')).toBe('01/15/2025');
  });

  it('missing values print empty; an unknown zone name does not throw', () => {
    expect(formatDate(null, 'MM/DD/YYYY', 'America/Chicago')).toBe('');
    expect(formatDate('2025-01-16T03:00:00Z', 'MM/DD/YYYY', 'Mars/Olympus')).toMatch(/^01\/1[56]\/2025$/);
  });

  it('accepts IANA names in any case and answers the canonical spelling; refuses offsets and junk', () => {
    expect(canonicalTimeZone('America/Chicago')).toBe('America/Chicago');
    expect(canonicalTimeZone('america/chicago')).toBe('America/Chicago');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Etc/GMT+5')).toBe('Etc/GMT+5');
    for (const bad of [
      'Mars/Olympus',
      '+05:00',
      '-0500',
      '',
      ' America/Chicago',
      'America/Chicago\u0000',
      'America/../Chicago',
      'x'.repeat(65),
      42,
      null,
    ])
      expect(canonicalTimeZone(bad)).toBeUndefined();
    for (const zone of US_TIME_ZONES) expect(canonicalTimeZone(zone)).toBe(zone);
  });

  it('maps the spec offsets to zones as migration 0009 does (US offsets by their daylight time)', () => {
    expect(timeZoneForOffset(240)).toBe('America/New_York');
    expect(timeZoneForOffset(300)).toBe('America/Chicago');
    expect(timeZoneForOffset(360)).toBe('America/Denver');
    expect(timeZoneForOffset(420)).toBe('America/Los_Angeles');
    expect(timeZoneForOffset(480)).toBe('America/Anchorage');
    expect(timeZoneForOffset(600)).toBe('Pacific/Honolulu');
    expect(timeZoneForOffset(0)).toBe('UTC');
    expect(timeZoneForOffset(180)).toBe('Etc/GMT+3');
    expect(timeZoneForOffset(-60)).toBe('Etc/GMT-1');
    expect(timeZoneForOffset(-330)).toBe('UTC');
    expect(timeZoneForOffset(undefined)).toBe('America/Chicago');
    for (const tzo of [180, -60, 0, 720, -720])
      expect(canonicalTimeZone(timeZoneForOffset(tzo))).toBeDefined();
  });
});
