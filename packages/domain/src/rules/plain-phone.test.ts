import { describe, expect, it } from 'vitest';
import { dialablePhone, formatPhone } from './phone-format';
import { plainPhone } from './plain-phone';

describe('the plain phone link (before the formatter loads)', () => {
  it('reads and dials a North American number exactly as the formatter does, whatever its spelling', () => {
    for (const stored of [
      '8325550199',
      '18325550199',
      '+1 832-555-0199',
      '(832) 555-0199',
      '832.555.0199',
      '281 894 0001',
    ])
      expect(plainPhone(stored)).toEqual({ shown: formatPhone(stored), dial: dialablePhone(stored) });
  });

  it('shows anything else as stored and dials its digits', () => {
    expect(plainPhone('555-0199')).toEqual({ shown: '555-0199', dial: '5550199' });
    expect(plainPhone('+44 20 7946 0958')).toEqual({ shown: '+44 20 7946 0958', dial: '442079460958' });
    expect(plainPhone('')).toEqual({ shown: '', dial: '' });
  });
});
