import { describe, expect, it } from 'vitest';
import { dialablePhone, formatPhone } from './phone-format';

describe('phone on screen and in the PDF', () => {
  it('prints US numbers as (832) 555-0199 whatever their stored spelling', () => {
    expect(formatPhone('8325550199')).toBe('(832) 555-0199');
    expect(formatPhone('18325550199')).toBe('(832) 555-0199');
    expect(formatPhone('+1 832-555-0199')).toBe('(832) 555-0199');
    expect(formatPhone('(832) 555-0199')).toBe('(832) 555-0199');
    expect(formatPhone(8325550199)).toBe('(832) 555-0199');
  });

  it('prints other countries internationally and leaves non-numbers as stored', () => {
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone('1234')).toBe('1234');
    expect(formatPhone('call front desk')).toBe('call front desk');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone('  ')).toBe('');
  });

  it('dials in E.164', () => {
    expect(dialablePhone('(832) 555-0199')).toBe('+18325550199');
    expect(dialablePhone('1234')).toBe('1234');
    expect(dialablePhone(null)).toBe('');
  });
});
