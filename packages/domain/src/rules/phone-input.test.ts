import { describe, expect, it } from 'vitest';
import {
  isQuickPhoneInputAllowed,
  normalizePhone,
  phoneMatches,
  phoneSuffix,
  sanitizeQuickPhoneInput,
  shouldLookupPhone,
} from './phone-input.js';

describe('quick phone input (spec 1 §5 "Quick phone input (top bar)")', () => {
  it('Accepts only digits with an optional minus and decimal point', () => {
    for (const ok of ['', '7135551234', '-12', '12.5', '-1.5', '.5'])
      expect(isQuickPhoneInputAllowed(ok)).toBe(true);
    for (const bad of ['713-555', '1.2.3', 'abc', '(713)', '--1', '1-'])
      expect(isQuickPhoneInputAllowed(bad)).toBe(false);
  });
  it('max length 11', () => {
    expect(isQuickPhoneInputAllowed('12345678901')).toBe(true);
    expect(isQuickPhoneInputAllowed('123456789012')).toBe(false);
    expect(sanitizeQuickPhoneInput('(713) 555-1234 ext 99')).toBe('71355512349');
  });
  it('sanitising keeps a leading minus and the first decimal point only', () => {
    expect(sanitizeQuickPhoneInput('-1.2.3-4')).toBe('-1.234');
  });
  it('A phone lookup triggers once at least 4 characters are typed', () => {
    expect(shouldLookupPhone('713')).toBe(false);
    expect(shouldLookupPhone('7135')).toBe(true);
  });
});

describe('phone normaliser and suffix', () => {
  it('normalises to digits only', () => {
    expect(normalizePhone('(713) 555-1234')).toBe('7135551234');
    expect(normalizePhone(null)).toBe('');
  });
  it('phoneSuffix takes the last digits', () => {
    expect(phoneSuffix('(713) 555-1234', 4)).toBe('1234');
    expect(phoneSuffix('12', 4)).toBe('12');
  });
  it('A phone search matches the last digits of the given length', () => {
    expect(phoneMatches('(713) 555-1234', '5-1234')).toBe(true);
    expect(phoneMatches('(713) 555-1234', '1235')).toBe(false);
    expect(phoneMatches('(713) 555-1234', '')).toBe(false);
  });
});
