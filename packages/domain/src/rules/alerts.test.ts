import { describe, expect, it } from 'vitest';
import type { Alert } from '../alert.js';
import { alertSchema } from '../alert.js';
import { alertsFromServer, pendingAlertCount, reduceAlert, titleWithPending } from './alerts.js';

const msg = (id: number): Alert => ({ id, type: 'NewMessage', senderName: 'Ann', conversationId: 100 + id });
const followUp = (id: number): Alert => ({
  id,
  type: 'FollowUp',
  recordType: 'Invoice',
  recordId: 9,
  followUpFor: 'Bo',
});
const warranty = (id: number): Alert => ({
  id,
  type: 'DealerWarranty',
  recordType: 'ServiceVehicle',
  recordId: 3,
});

describe('reduceAlert (spec 1 §4 "Alerts")', () => {
  it('Only the latest NewMessage alert is kept', () => {
    const r = reduceAlert({ alerts: [msg(1), followUp(2)] }, msg(3));
    expect(r.alerts.map((a) => a.id)).toEqual([3, 2]);
  });

  it('A Consume alert removes the alert it names', () => {
    const r = reduceAlert({ alerts: [msg(1), followUp(2)] }, { id: 9, type: 'Consume', alertIdToConsume: 2 });
    expect(r.alerts.map((a) => a.id)).toEqual([1]);
  });

  it('A Consume alert … refreshes the parked lines', () => {
    const r = reduceAlert({ alerts: [] }, { id: 9, type: 'Consume', alertIdToConsume: 2 });
    expect(r.refreshParked).toBe(true);
    expect(r.alerts).toEqual([]);
  });

  it('ParkedForMe and ParkedUpdate refresh the parked lines', () => {
    for (const type of ['ParkedForMe', 'ParkedUpdate'] as const) {
      expect(reduceAlert({ alerts: [] }, { id: 5, type, parkedFor: 'Ann' }).refreshParked).toBe(true);
    }
  });

  it('ParkedForMe and ParkedUpdate … are not in the alert badge list', () => {
    for (const type of ['ParkedForMe', 'ParkedUpdate'] as const) {
      const r = reduceAlert({ alerts: [followUp(1)] }, { id: 5, type });
      expect(r.alerts.map((a) => a.id)).toEqual([1]);
    }
  });

  it('A new message alert refreshes conversations', () => {
    const r = reduceAlert({ alerts: [] }, msg(1));
    expect(r).toEqual({ alerts: [msg(1)], refreshParked: false, refreshConversations: true });
  });

  it('FollowUp and DealerWarranty alerts join the badge list, newest first, without refreshing', () => {
    const r = reduceAlert({ alerts: [followUp(1)] }, warranty(2));
    expect(r).toEqual({
      alerts: [warranty(2), followUp(1)],
      refreshParked: false,
      refreshConversations: false,
    });
  });

  it('an alert delivered twice is listed once', () => {
    const r = reduceAlert({ alerts: [followUp(1)] }, followUp(1));
    expect(r.alerts).toHaveLength(1);
  });

  it('does not mutate the given state', () => {
    const alerts = [followUp(1)];
    reduceAlert({ alerts }, { id: 2, type: 'Consume', alertIdToConsume: 1 });
    expect(alerts).toEqual([followUp(1)]);
  });
});

describe('alertsFromServer', () => {
  it('applies the same rules to the loaded list: one NewMessage (the latest), no parked alerts', () => {
    const list: Alert[] = [msg(4), followUp(2), msg(1), { id: 3, type: 'ParkedForMe' }];
    expect(alertsFromServer(list).map((a) => a.id)).toEqual([4, 2]);
  });
});

describe('pendingAlertCount and title prefix', () => {
  it('counts badge alerts only', () => {
    expect(pendingAlertCount([msg(1), followUp(2), { id: 3, type: 'ParkedUpdate' }])).toBe(2);
  });
  it('A page title that gets a prefix "(N)" when N alerts are pending', () => {
    expect(titleWithPending('Invoice: 42', 3)).toBe('(3) Invoice: 42');
    expect(titleWithPending('Invoice: 42', 0)).toBe('Invoice: 42');
  });
});

describe('alertSchema', () => {
  it('parses a hub payload and rejects an unknown type', () => {
    expect(alertSchema.parse({ id: 1, type: 'NewMessage', senderName: 'Ann', conversationId: 5 }).type).toBe(
      'NewMessage',
    );
    expect(alertSchema.safeParse({ id: 1, type: 'Bogus' }).success).toBe(false);
  });
});
