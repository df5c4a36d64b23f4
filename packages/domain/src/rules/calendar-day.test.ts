import { describe, expect, it } from 'vitest';
import { calendarDay, todayIn } from './calendar-day.js';

describe('calendarDay', () => {
  it('takes the date part of a wall-clock string as is', () => {
    expect(calendarDay('2024-05-01')).toBe('2024-05-01');
    expect(calendarDay('2024-05-01T23:30:00', 300)).toBe('2024-05-01');
  });
  it('shifts an instant into the zone given by its TZO (minutes west of UTC)', () => {
    expect(calendarDay('2024-05-02T03:00:00Z', 300)).toBe('2024-05-01');
    expect(calendarDay('2024-05-02T06:00:00Z', 300)).toBe('2024-05-02');
    expect(calendarDay(new Date('2024-05-01T23:00:00Z'), -120)).toBe('2024-05-02');
  });
  it('returns undefined for empty or invalid values', () => {
    expect(calendarDay(null)).toBeUndefined();
    expect(calendarDay('')).toBeUndefined();
    expect(calendarDay('not a date')).toBeUndefined();
  });
  it('todayIn uses the given clock', () => {
    expect(todayIn(0, new Date('2024-03-10T12:00:00Z'))).toBe('2024-03-10');
  });
});
