import { describe, expect, it } from 'vitest';
import { defaultRepairLineCount, isReplacement, repairType } from './repair-type.js';

describe('repairType (spec 1 §3 "Repair count", spec 2 §4)', () => {
  it('0 is Pending', () => {
    expect(repairType(0)).toBe('Pending');
    expect(repairType(null)).toBe('Pending');
  });
  it('0 is Cleared when windshield checked', () => {
    expect(repairType(0, true)).toBe('Cleared');
  });
  it('1, 2 or 3 means that many repairs', () => {
    for (const n of [1, 2, 3]) expect(repairType(n)).toBe('Repair');
  });
  it('4 means replacement', () => {
    expect(repairType(4)).toBe('Replacement');
  });
  it('Repair count 4 or more counts as replacement', () => {
    expect(repairType(5)).toBe('Replacement');
    expect(repairType(4, true)).toBe('Replacement');
  });
});

describe('isReplacement', () => {
  it('fewer than 4 is a repair, 4 or more a replacement', () => {
    expect([0, 1, 3, 4, 9].map(isReplacement)).toEqual([false, false, false, true, true]);
  });
});

describe('defaultRepairLineCount', () => {
  it('Creating a service vehicle with N repairs (not replacement) adds N default repair lines', () => {
    expect([0, 1, 2, 3, 4].map(defaultRepairLineCount)).toEqual([0, 1, 2, 3, 0]);
  });
});
