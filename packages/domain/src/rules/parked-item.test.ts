import { describe, expect, it } from 'vitest';
import { toParkedSlot } from './parked-item.js';

describe('toParkedSlot (spec 1 §3 parked item, server → display)', () => {
  it('maps an invoice parked for a user', () => {
    expect(
      toParkedSlot({
        id: 1,
        parkLine: 3,
        parkedAt: '2024-06-15T12:00:00Z',
        parkedByUser: { firstName: 'Ann', lastName: 'Lee' },
        parkedForUser: 'Bo Smith',
        invoiceId: 1001,
        parkedForUserId: 7,
      }),
    ).toEqual({
      id: 1,
      parkedLineNumber: 3,
      recordType: 'Invoice',
      recordNumber: 1001,
      parkedFor: 'Bo Smith',
      parkedBy: 'Ann Lee',
      time: '2024-06-15T12:00:00Z',
      parkedForMessageGroupId: null,
      parkedForUserId: 7,
    });
  });

  it('maps a service vehicle parked for a message group', () => {
    const slot = toParkedSlot({
      id: 2,
      parkLine: 1,
      parkedAt: null,
      parkedForMessageGroup: { name: 'Techs' },
      serviceVehicleId: 55,
      parkedForMessageGroupId: 4,
    });
    expect(slot).toMatchObject({ recordType: 'ServiceVehicle', recordNumber: 55, parkedFor: 'Techs' });
  });
});
