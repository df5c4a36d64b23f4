import { describe, expect, it } from 'vitest';
import {
  emptySlot,
  isParkedPendingFor,
  isSlotOccupied,
  type ParkedSlot,
  parkSlots,
  parkedBadgeColor,
  parkedTooltipPlacement,
} from './parking.js';

const now = new Date('2024-06-15T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();

describe('parking (spec 1 §4 "Parking")', () => {
  it('A slot is occupied when recordNumber is above 0, otherwise empty', () => {
    expect(isSlotOccupied({ recordNumber: 1001 })).toBe(true);
    expect(isSlotOccupied({ recordNumber: 0 })).toBe(false);
    expect(isSlotOccupied({ recordNumber: -1 })).toBe(false);
    expect(isSlotOccupied(undefined)).toBe(false);
  });

  it('The badge colour depends on age: under 10 minutes green, under 30 yellow, otherwise red', () => {
    expect(parkedBadgeColor(minutesAgo(0), now)).toBe('green');
    expect(parkedBadgeColor(minutesAgo(9.9), now)).toBe('green');
    expect(parkedBadgeColor(minutesAgo(10), now)).toBe('yellow');
    expect(parkedBadgeColor(minutesAgo(29.9), now)).toBe('yellow');
    expect(parkedBadgeColor(minutesAgo(30), now)).toBe('red');
    expect(parkedBadgeColor(minutesAgo(600), now)).toBe('red');
  });

  it('an unknown parked time shows red', () => {
    expect(parkedBadgeColor(null, now)).toBe('red');
    expect(parkedBadgeColor('garbage', now)).toBe('red');
  });

  it('Even-numbered lines show the tooltip on the right, odd on the left', () => {
    expect([1, 2, 3, 4].map(parkedTooltipPlacement)).toEqual(['left', 'right', 'left', 'right']);
  });
});

describe('isParkedPendingFor (spec 1 §4 "Alerts")', () => {
  const viewer = {
    userId: 7,
    subscriptions: [
      { messageGroupId: 2, always: true },
      { messageGroupId: 3, always: false },
    ],
  };

  it('pending when the item is parked for that user', () => {
    expect(isParkedPendingFor({ parkedForUserId: 7, parkedForMessageGroupId: null }, viewer)).toBe(true);
  });
  it('pending when the user is subscribed "always" to the message group', () => {
    expect(isParkedPendingFor({ parkedForUserId: null, parkedForMessageGroupId: 2 }, viewer)).toBe(true);
  });
  it('not pending for a group the user is subscribed to only "never"', () => {
    expect(isParkedPendingFor({ parkedForUserId: null, parkedForMessageGroupId: 3 }, viewer)).toBe(false);
  });
  it('not pending for another user or an unsubscribed group', () => {
    expect(isParkedPendingFor({ parkedForUserId: 8, parkedForMessageGroupId: 9 }, viewer)).toBe(false);
  });
});

describe('parkSlots', () => {
  it('lays items on lines 1..N with empty slots between', () => {
    const item: ParkedSlot = { ...emptySlot(2), id: 5, recordType: 'Invoice', recordNumber: 1001 };
    const slots = parkSlots(3, [item]);
    expect(slots.map((s) => s.recordNumber)).toEqual([0, 1001, 0]);
    expect(slots.map((s) => s.parkedLineNumber)).toEqual([1, 2, 3]);
  });
});
