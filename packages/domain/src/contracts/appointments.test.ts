import { describe, expect, it } from 'vitest';
import { CALENDAR_ENTRY_FIELDS, calendarAnswer, calendarEntry, calendarVisit } from './appointments.js';

describe('calendar entries (tuples of what the calendar draws, decision 0012)', () => {
  const entry = [533027, 983117, 2, 133, '2026-11-22T08:30', 120, 1, 'Willowbrook Toyota'] as const;

  it('names the fields of a tuple in the order of CALENDAR_ENTRY_FIELDS', () => {
    const visit = calendarVisit(calendarEntry.parse(entry));
    expect(visit).toEqual({
      id: 533027,
      invoiceId: 983117,
      partTypeId: 2,
      installerId: 133,
      localDateTime: '2026-11-22T08:30',
      timeAllowed: 120,
      statusId: 1,
      customerName: 'Willowbrook Toyota',
    });
    expect(Object.keys(visit)).toEqual([...CALENDAR_ENTRY_FIELDS]);
  });

  it('keeps an unassigned visit and a missing customer as nulls', () => {
    const visit = calendarVisit(calendarEntry.parse([1, 2, 1, null, '2026-11-22T07:00', 60, 4, null]));
    expect(visit.installerId).toBeNull();
    expect(visit.customerName).toBeNull();
  });

  it('refuses a tuple of the wrong length or types', () => {
    expect(calendarEntry.safeParse(entry.slice(0, 7)).success).toBe(false);
    expect(calendarEntry.safeParse([...entry.slice(0, 5), '120', 1, 'x']).success).toBe(false);
    const answer = {
      startDate: '2026-11-22',
      endDate: '2026-11-29',
      view: 'Week',
      timeZone: 'America/Chicago',
      scrollTo: '08:00',
      installers: [{ id: 133, name: 'Tyler Sanchez' }],
      partTypes: [{ id: 2, name: 'Windshield' }],
      appointments: [entry],
    };
    expect(calendarAnswer.safeParse(answer).success).toBe(true);
    expect(calendarAnswer.safeParse({ ...answer, appointments: [{ id: 1 }] }).success).toBe(false);
  });
});
