import { describe, expect, it } from 'vitest';
import type { FacilityRef } from '@glass/domain/contracts';
import { facilityTimeZone, formatFacilityDateTime } from './facility-time';

const FACILITIES: FacilityRef[] = [
  { id: 1, name: 'Lone Star Willowbrook', shortName: 'Willowbrook', timeZone: 'America/Chicago' },
  { id: 2, name: 'Desert Glass Phoenix', shortName: 'Phoenix', timeZone: 'America/Phoenix' },
];

describe("a facility's dates on the web (issue #16)", () => {
  it('finds the zone by id, by the names a list row carries, or on the row itself', () => {
    expect(facilityTimeZone(2, FACILITIES)).toBe('America/Phoenix');
    expect(facilityTimeZone({ id: 1, name: 'x', shortName: 'y' }, FACILITIES)).toBe('America/Chicago');
    expect(facilityTimeZone({ shortName: 'Phoenix', name: 'Desert Glass Phoenix' }, FACILITIES)).toBe(
      'America/Phoenix',
    );
    expect(facilityTimeZone({ id: 3, timeZone: 'Europe/Warsaw' }, FACILITIES)).toBe('Europe/Warsaw');
    expect(facilityTimeZone(99, FACILITIES)).toBeUndefined();
    expect(facilityTimeZone(null, FACILITIES)).toBeUndefined();
  });

  it("prints a January 11:30 pm in Chicago on that day, whatever the browser's zone", () => {
    expect(formatFacilityDateTime('2025-01-16T05:30:00Z', { id: 1, timeZone: 'America/Chicago' })).toBe(
      '01/15/2025 11:30 PM',
    );
  });
});
