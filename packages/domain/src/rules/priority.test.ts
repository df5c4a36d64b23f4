import { describe, expect, it } from 'vitest';
import { isContacted, servicePriority } from './priority.js';

const clock = { today: '2024-06-15' };
const base = { repairCount: 2, readyToCall: false, readyForParts: false, followedUp: false };

describe('servicePriority (spec 1 §4 "Service vehicle priority")', () => {
  it('| 1 | Repairs ready to call, no contact yet | red |', () => {
    expect(servicePriority({ ...base, readyToCall: true }, clock)).toEqual({ priority: 1, color: 'red' });
  });
  it('| 2 | Replacement parts ready to call, no contact yet | red |', () => {
    expect(servicePriority({ ...base, repairCount: 4, readyForParts: true }, clock)).toEqual({
      priority: 2,
      color: 'red',
    });
  });
  it('| 3 | Repairs ready to call, contacted | green |', () => {
    expect(servicePriority({ ...base, readyToCall: true, followedUp: true }, clock)).toEqual({
      priority: 3,
      color: 'green',
    });
  });
  it('| 4 | Replacement parts ready to call, contacted | green |', () => {
    const sv = { ...base, repairCount: 4, readyForParts: true, history: [{ isContact: true }] };
    expect(servicePriority(sv, clock)).toEqual({ priority: 4, color: 'green' });
  });
  it('| 5 | Overdue follow-up (follow-up date before today) |', () => {
    expect(servicePriority({ ...base, followUpDate: '2024-06-14' }, clock)).toEqual({
      priority: 5,
      color: null,
    });
  });
  it('a follow-up date of today or later is not overdue', () => {
    expect(servicePriority({ ...base, followUpDate: '2024-06-15T08:00:00' }, clock).priority).toBe(6);
    expect(servicePriority({ ...base, followUpDate: '2024-06-20' }, clock).priority).toBe(6);
  });
  it('overdue is judged in the given time zone offset', () => {
    // 02:00 UTC on the 15th is still the 14th in US Central (TZO 300); today there is the 14th too.
    const now = new Date('2024-06-15T02:00:00Z');
    expect(
      servicePriority({ ...base, followUpDate: '2024-06-14T20:00:00Z' }, { now, tzo: 300 }).priority,
    ).toBe(6);
    expect(servicePriority({ ...base, followUpDate: '2024-06-14T20:00:00Z' }, { now, tzo: 0 }).priority).toBe(
      5,
    );
  });
  it('| 6 | Standard active |', () => {
    expect(servicePriority(base, clock)).toEqual({ priority: 6, color: null });
  });
  it('| 8 | Lost or void |', () => {
    expect(servicePriority({ ...base, lost: true }, clock).priority).toBe(8);
    expect(servicePriority({ ...base, void: true }, clock).priority).toBe(8);
  });
  it('| 9 | Invoiced |', () => {
    expect(servicePriority({ ...base, invoiceId: 1001 }, clock)).toEqual({ priority: 9, color: null });
  });

  describe('Rule order: lost or void first, then invoiced, then overdue follow-up, then ready, else standard', () => {
    const everything = {
      ...base,
      lost: true,
      invoiceId: 5,
      followUpDate: '2024-01-01',
      readyToCall: true,
    };
    it('lost or void wins over invoiced', () => {
      expect(servicePriority(everything, clock).priority).toBe(8);
    });
    it('invoiced wins over overdue follow-up', () => {
      expect(servicePriority({ ...everything, lost: false }, clock).priority).toBe(9);
    });
    it('overdue follow-up wins over ready to call', () => {
      expect(servicePriority({ ...everything, lost: false, invoiceId: null }, clock).priority).toBe(5);
    });
    it('ready to call wins over standard', () => {
      expect(
        servicePriority({ ...everything, lost: false, invoiceId: 0, followUpDate: null }, clock).priority,
      ).toBe(1);
    });
  });
});

describe('isContacted', () => {
  it('followedUp true or a contact history entry counts as contact', () => {
    expect(isContacted({ followedUp: true })).toBe(true);
    expect(isContacted({ history: [{ isContact: false }, { isContact: true }] })).toBe(true);
    expect(isContacted({ followedUp: false, history: [{ isContact: false }] })).toBe(false);
  });
});
