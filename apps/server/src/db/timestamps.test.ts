import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './timestamps.js';

describe('timestamptz text as ISO 8601 with offset', () => {
  it.each([
    ['2026-12-12 20:38:31.771+00', '2026-12-12T20:38:31.771+00:00'],
    ['2026-12-12 20:38:31+00', '2026-12-12T20:38:31+00:00'],
    ['2026-06-01 08:00:00-05', '2026-06-01T08:00:00-05:00'],
    ['2026-06-01 08:00:00.123456+05:30', '2026-06-01T08:00:00.123456+05:30'],
  ])('%s → %s, which every engine parses to the same instant', (text, iso) => {
    expect(isoTimestamp(text)).toBe(iso);
    expect(new Date(iso).getTime()).not.toBeNaN();
  });

  it('leaves what it does not know as it is', () => {
    for (const v of [
      'infinity',
      '-infinity',
      '0044-03-15 12:00:00+00:53:28 BC',
      '1850-01-01 00:00:00-06:21:24',
    ])
      expect(isoTimestamp(v)).toBe(v);
  });
});
