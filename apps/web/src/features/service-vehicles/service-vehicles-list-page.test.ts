import { REPLACEMENT_REPAIR_COUNT } from '@glass/domain/constants';
import { describe, expect, it } from 'vitest';
import { buildFilter } from './service-vehicles-list-page';

const all = { from: '', to: '', repair: true, replacement: true, facilityId: '', search: '' };

describe('service vehicle list filters → $filter', () => {
  it('is empty with the defaults and null when both switches are off (nothing is asked)', () => {
    expect(buildFilter(all)).toBe('');
    expect(buildFilter({ ...all, repair: false, replacement: false, from: '2026-01-01' })).toBeNull();
  });

  it('bounds the activity date by local days, in ISO', () => {
    expect(buildFilter({ ...all, from: '2026-01-01', to: '2026-01-31' })).toBe(
      `activityDate ge ${new Date('2026-01-01T00:00:00').toISOString()} and activityDate le ${new Date('2026-01-31T23:59:59.999').toISOString()}`,
    );
  });

  it('splits repairs from replacements by the repair count, then facility and search text', () => {
    expect(buildFilter({ ...all, replacement: false, facilityId: '4', search: " O'Hara " })).toBe(
      `repairCount lt ${REPLACEMENT_REPAIR_COUNT} and facilityId eq 4 and ` +
        "(contains(vehicle/vin,'O''Hara') or contains(repairOrder/repairOrderNumber,'O''Hara') or contains(vehicle/licenseTag,'O''Hara'))",
    );
    expect(buildFilter({ ...all, repair: false })).toBe(`repairCount ge ${REPLACEMENT_REPAIR_COUNT}`);
  });
});
