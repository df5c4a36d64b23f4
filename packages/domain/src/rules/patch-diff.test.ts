import { describe, expect, it } from 'vitest';
import { patchDiff } from './patch-diff.js';

const invoice = {
  id: 42,
  submitted: false,
  referenceNumber: 'RO-1',
  accessories: [{ accessoryId: 1, invoiceId: 42 }],
  insuranceCompany: { id: 7, name: 'Acme' },
  vehicleDetails: { year: 2020, make: 'Ford', model: 'F-150' },
  customer: { id: 3, firstName: 'Ann', address: { id: 9, city: 'Houston', zip: '77001' } },
  followUpAt: null as string | null,
};

describe('patchDiff (spec 1 §5 "Patch payloads", spec 2 §5)', () => {
  it('Only changed fields are sent', () => {
    expect(patchDiff(invoice, { ...invoice, submitted: true })).toEqual({ submitted: true });
  });

  it('nothing is sent when there are no changes', () => {
    expect(patchDiff(invoice, structuredClone(invoice))).toBeUndefined();
  });

  it('nothing is sent when there are no changes, even without an id', () => {
    const { id: _id, ...noId } = invoice;
    expect(patchDiff(noId, structuredClone(noId))).toBeUndefined();
  });

  it('A missing id with changes throws an error', () => {
    const { id: _id, ...noId } = invoice;
    expect(() => patchDiff(noId, { ...noId, submitted: true })).toThrow(Error);
  });

  it('a record id that is not a finite number greater than -1 throws when there are changes', () => {
    expect(() => patchDiff({ ...invoice, id: -1 }, { ...invoice, id: -1, submitted: true })).toThrow();
  });

  it('Any nested id must be a finite number greater than -1, otherwise an error is thrown', () => {
    for (const bad of [-1, -5, Number.NaN, Number.POSITIVE_INFINITY, null, '7']) {
      const edited = { ...invoice, insuranceCompany: { id: bad as number, name: 'Other' } };
      expect(() => patchDiff(invoice, edited)).toThrow(/insuranceCompany\.id/);
    }
  });

  it('nested id 0 is valid (greater than -1)', () => {
    const edited = { ...invoice, insuranceCompany: { id: 0, name: 'Acme' } };
    expect(patchDiff(invoice, edited)).toEqual({ insuranceCompany: { id: 0 } });
  });

  it('ids of items in a changed array are checked too', () => {
    const edited = { ...invoice, accessories: [{ id: -2, accessoryId: 1, invoiceId: 42 }] };
    expect(() => patchDiff(invoice, edited)).toThrow(/accessories\[0\]\.id/);
  });

  it('a changed nested object is sent as a partial object keeping its id', () => {
    const edited = { ...invoice, customer: { ...invoice.customer, firstName: 'Anna' } };
    expect(patchDiff(invoice, edited)).toEqual({ customer: { id: 3, firstName: 'Anna' } });
  });

  it('deeper nesting keeps the id at every level', () => {
    const edited = {
      ...invoice,
      customer: { ...invoice.customer, address: { ...invoice.customer.address, city: 'Katy' } },
    };
    expect(patchDiff(invoice, edited)).toEqual({ customer: { id: 3, address: { id: 9, city: 'Katy' } } });
  });

  it('a nested object without an id is a value and is sent as a partial without id', () => {
    const edited = { ...invoice, vehicleDetails: { ...invoice.vehicleDetails, year: 2021 } };
    expect(patchDiff(invoice, edited)).toEqual({ vehicleDetails: { year: 2021 } });
  });

  it('arrays are compared by value: an equal copy is no change', () => {
    const edited = { ...invoice, accessories: [{ accessoryId: 1, invoiceId: 42 }] };
    expect(patchDiff(invoice, edited)).toBeUndefined();
  });

  it('a changed array is sent whole', () => {
    const accessories = [
      { accessoryId: 1, invoiceId: 42 },
      { accessoryId: 2, invoiceId: 42 },
    ];
    expect(patchDiff(invoice, { ...invoice, accessories })).toEqual({ accessories });
  });

  it('an object replacing null is sent whole, and null replacing an object is sent as null', () => {
    const withNull = { ...invoice, insuranceCompany: null as typeof invoice.insuranceCompany | null };
    expect(patchDiff(withNull, { ...withNull, insuranceCompany: { id: 8, name: 'B' } })).toEqual({
      insuranceCompany: { id: 8, name: 'B' },
    });
    expect(patchDiff(invoice, { ...invoice, insuranceCompany: null as never })).toEqual({
      insuranceCompany: null,
    });
  });

  it('keys missing from the edited record are not treated as cleared', () => {
    expect(patchDiff(invoice, { id: 42, submitted: true } as typeof invoice)).toEqual({ submitted: true });
  });

  it('Dates are compared by time', () => {
    const a = { id: 1, at: new Date('2024-01-01T00:00:00Z') };
    expect(patchDiff(a, { id: 1, at: new Date('2024-01-01T00:00:00Z') })).toBeUndefined();
    expect(patchDiff(a, { id: 1, at: new Date('2024-01-02T00:00:00Z') })).toEqual({
      at: new Date('2024-01-02T00:00:00Z'),
    });
  });

  it('the unchanged parts are not validated (a bad id that is not sent does not throw)', () => {
    const original = { ...invoice, insuranceCompany: { id: -1, name: 'Legacy' } };
    expect(patchDiff(original, { ...original, submitted: true })).toEqual({ submitted: true });
  });
});
