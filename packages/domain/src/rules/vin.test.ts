import { describe, expect, it } from 'vitest';
import { isValidVin, validateVin, vinCheckDigit, vinModelYear } from './vin.js';

describe('VIN validation (North American standard)', () => {
  it('accepts VINs whose position 9 is the check digit', () => {
    expect(isValidVin('1M8GDM9AXKP042788')).toBe(true);
    expect(isValidVin('1HGCM82633A004352')).toBe(true);
    expect(isValidVin(' 1hgcm82633a004352 ')).toBe(true);
  });
  it('requires 17 characters', () => {
    expect(validateVin('1HGCM82633A00435').problems.map((p) => p.code)).toEqual(['length']);
    expect(validateVin('').valid).toBe(false);
  });
  it('rejects I, O and Q', () => {
    expect(validateVin('1HGCM82633A0O4352').problems.map((p) => p.code)).toEqual(['characters']);
    expect(validateVin('IHGCM82633A004352').valid).toBe(false);
  });
  it('rejects a wrong check digit', () => {
    expect(validateVin('1HGCM82643A004352').problems.map((p) => p.code)).toEqual(['checkDigit']);
  });
  it('a remainder of 10 is written X', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
  });
  it('any change of value at a weighted position breaks the check digit', () => {
    const vin = '1HGCM82633A004352';
    const value: Record<string, number> = { H: 8, G: 7, C: 3, M: 4, A: 1 };
    for (let i = 0; i < 17; i++) {
      if (i === 8) continue; // the check digit itself
      const ch = vin[i] as string;
      const digit = ((value[ch] ?? Number(ch)) + 1) % 10;
      expect(isValidVin(vin.slice(0, i) + digit + vin.slice(i + 1))).toBe(false);
    }
  });
});

describe('vinModelYear (10th character)', () => {
  const now = new Date('2025-06-01T00:00:00Z');
  it('decodes the most recent plausible year', () => {
    expect(vinModelYear('1HGCM82633A004352', { now })).toBe(2003);
    expect(vinModelYear('1M8GDM9AXKP042788', { now })).toBe(2019);
    expect(vinModelYear('xxxxxxxxxAxxxxxxx', { now })).toBe(2010);
    expect(vinModelYear('xxxxxxxxxSxxxxxxx', { now })).toBe(2025);
  });
  it('does not return a model year after next year', () => {
    expect(vinModelYear('xxxxxxxxxTxxxxxxx', { now })).toBe(2026);
    expect(vinModelYear('xxxxxxxxxVxxxxxxx', { now })).toBe(1997);
    expect(vinModelYear('xxxxxxxxxVxxxxxxx', { maxYear: 2025 })).toBe(1997);
  });
  it('returns undefined for a code that is not a year code', () => {
    expect(vinModelYear('xxxxxxxxxUxxxxxxx', { now })).toBeUndefined();
    expect(vinModelYear('xxxxxxxxx0xxxxxxx', { now })).toBeUndefined();
    expect(vinModelYear('short', { now })).toBeUndefined();
  });
});
