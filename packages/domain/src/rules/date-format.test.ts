import { describe, expect, it } from 'vitest';
import { ageBetween, formatAge, formatConversationDate, formatDateTime } from './date-format.js';

describe('date formats (spec 1 §9)', () => {
  it('Date display format: MM/DD/YYYY hh:mm A', () => {
    expect(formatDateTime('2024-03-07T14:05:00')).toBe('03/07/2024 02:05 PM');
    expect(formatDateTime('2024-03-07T19:05:00Z', 300)).toBe('03/07/2024 02:05 PM');
  });
  it("Conversation header format: 'ddd MMM DD, YYYY h:mmA'", () => {
    expect(formatConversationDate('2024-03-07T09:05:00')).toBe('Thu Mar 07, 2024 9:05AM');
    expect(formatConversationDate(new Date('2024-03-07T14:05:00Z'), 300)).toBe('Thu Mar 07, 2024 9:05AM');
  });
  it('missing or invalid values show as empty', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('nope')).toBe('');
  });
});

describe('invoice age (spec 2 §3: age (days, hours, minutes))', () => {
  it('splits elapsed time into days, hours and minutes', () => {
    expect(ageBetween('2024-03-01T10:00:00Z', '2024-03-03T13:05:59Z')).toEqual({
      days: 2,
      hours: 3,
      minutes: 5,
    });
  });
  it('a future start is age zero', () => {
    expect(ageBetween('2024-03-03T00:00:00Z', '2024-03-01T00:00:00Z')).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
    });
  });
  it('formats compactly, dropping leading zero units', () => {
    expect(formatAge({ days: 2, hours: 0, minutes: 5 })).toBe('2d 0h 5m');
    expect(formatAge({ days: 0, hours: 3, minutes: 5 })).toBe('3h 5m');
    expect(formatAge({ days: 0, hours: 0, minutes: 0 })).toBe('0m');
  });
});
