import { describe, expect, it } from 'vitest';
import { openMessageFor, parseOpenMessage } from './phone-bridge-messages';

describe('the messages /phone-requests posts to its parent', () => {
  const none = { serviceVehicles: [], invoices: [] };

  it('asks to open the one matching record, else the Phone dialog', () => {
    const one = openMessageFor('7135550100', { serviceVehicles: [{ id: 12 }], invoices: [] });
    expect(one).toBe(
      'openRecord?{"kind":"serviceVehicle","id":12,"path":"/service-vehicles/12","phone":"7135550100"}',
    );
    expect(parseOpenMessage(one)).toEqual({
      kind: 'serviceVehicle',
      id: 12,
      path: '/service-vehicles/12',
      phone: '7135550100',
    });
    const invoice = openMessageFor('5550100', { serviceVehicles: [], invoices: [{ id: 7 }] });
    expect(parseOpenMessage(invoice)).toMatchObject({ kind: 'invoice', path: '/invoices/7' });
    const several = openMessageFor('5550100', { serviceVehicles: [{ id: 1 }], invoices: [{ id: 2 }] });
    expect(several).toBe('openPhoneDialog?{"phone":"5550100"}');
    expect(parseOpenMessage(openMessageFor('5550100', none))).toEqual({ phone: '5550100' });
  });

  it('ignores anything else, and never takes a path from the message', () => {
    expect(parseOpenMessage('phone-called')).toBeUndefined();
    expect(parseOpenMessage({ phone: '1' })).toBeUndefined();
    expect(parseOpenMessage('openRecord?not json')).toBeUndefined();
    expect(parseOpenMessage('openRecord?{"kind":"user","id":1,"phone":"1"}')).toBeUndefined();
    expect(
      parseOpenMessage('openRecord?{"kind":"invoice","id":3,"path":"https://evil.example","phone":"1"}'),
    ).toMatchObject({ path: '/invoices/3' });
  });
});
