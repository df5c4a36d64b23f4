import { describe, expect, it } from 'vitest';
import { conversationKeys, invoiceKeys, serviceVehicleKeys } from './query-keys';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, index) => key[index] === part);

describe('query keys', () => {
  it('put every invoice list under the lists root, and every invoice read under its detail', () => {
    for (const key of [
      invoiceKeys.list("soldTo eq 'a'"),
      invoiceKeys.summary(undefined),
      invoiceKeys.outstanding(),
      invoiceKeys.finalizing(undefined),
    ])
      expect(startsWith(key, invoiceKeys.lists)).toBe(true);
    for (const key of [invoiceKeys.notes(7), invoiceKeys.vinHistory(7), invoiceKeys.part(7, 'pdfs')])
      expect(startsWith(key, invoiceKeys.detail(7))).toBe(true);
    expect(startsWith(invoiceKeys.detail(7), invoiceKeys.lists)).toBe(false);
    expect(startsWith(invoiceKeys.notes(70), invoiceKeys.detail(7))).toBe(false);
  });

  it('put a service vehicle’s history, quotes and accessories under its detail', () => {
    for (const key of [
      serviceVehicleKeys.history(3),
      serviceVehicleKeys.quotes(3),
      serviceVehicleKeys.accessories(3),
    ])
      expect(startsWith(key, serviceVehicleKeys.detail(3))).toBe(true);
    expect(startsWith(serviceVehicleKeys.list('list', ''), serviceVehicleKeys.lists)).toBe(true);
  });

  it('keep the keys the rest of the app already shares (finalizing empty filter, conversations)', () => {
    expect(invoiceKeys.finalizing(undefined)).toEqual(['invoices', 'finalizing', '']);
    expect(conversationKeys.all).toEqual(['conversations']);
    expect(conversationKeys.parked).toEqual(['parking', 'items']);
  });
});
