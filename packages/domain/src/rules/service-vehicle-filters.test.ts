import { describe, expect, it } from 'vitest';
import { matchesServiceVehicleFilter } from './service-vehicle-filters.js';

describe('service vehicle list filters (spec 1 §5)', () => {
  it('Only vehicles with repairs greater than 0 are listed', () => {
    expect(matchesServiceVehicleFilter({ repairCount: 0 })).toBe(false);
    expect(matchesServiceVehicleFilter({ repairCount: 1 })).toBe(true);
  });
  it('Repair filter: fewer than 4 is a repair, 4 or more a replacement', () => {
    expect(matchesServiceVehicleFilter({ repairCount: 3 }, { repairs: false })).toBe(false);
    expect(matchesServiceVehicleFilter({ repairCount: 4 }, { repairs: false })).toBe(true);
    expect(matchesServiceVehicleFilter({ repairCount: 4 }, { replacements: false })).toBe(false);
  });
  it('Both repairs and replacements default to true', () => {
    expect(matchesServiceVehicleFilter({ repairCount: 2 })).toBe(true);
    expect(matchesServiceVehicleFilter({ repairCount: 5 })).toBe(true);
  });
  it('The date range applies to the follow-up date or, when there is none, to the created date', () => {
    const range = { from: '2024-06-01', to: '2024-06-30' };
    expect(
      matchesServiceVehicleFilter(
        { repairCount: 1, followUpDate: '2024-06-10', createdAt: '2024-01-01' },
        range,
      ),
    ).toBe(true);
    expect(
      matchesServiceVehicleFilter(
        { repairCount: 1, followUpDate: '2024-07-01', createdAt: '2024-06-10' },
        range,
      ),
    ).toBe(false);
    expect(
      matchesServiceVehicleFilter(
        { repairCount: 1, followUpDate: null, createdAt: '2024-06-30T23:00:00' },
        range,
      ),
    ).toBe(true);
  });
});
