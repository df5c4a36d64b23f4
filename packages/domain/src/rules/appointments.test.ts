import { describe, expect, it } from 'vitest';
import { appointmentGroup, calendarStartTime } from './appointments.js';

describe('appointment groups (spec 2 §4)', () => {
  it('Lists group Completed, ReSchedule, and Scheduled plus Arrived and any other status', () => {
    expect(appointmentGroup(3)).toBe('completed');
    expect(appointmentGroup(4)).toBe('reschedule');
    expect([1, 2, 5, 99, null].map(appointmentGroup)).toEqual(Array(5).fill('scheduled'));
  });
});

describe('calendar start (spec 2 §2)', () => {
  it('default calendar start is 08:00 when the earliest time is before 08:00', () => {
    expect(calendarStartTime('06:30')).toBe('08:00');
    expect(calendarStartTime('09:15:00')).toBe('09:15');
    expect(calendarStartTime(null)).toBe('08:00');
  });
});
