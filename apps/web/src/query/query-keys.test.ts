import { describe, expect, it } from 'vitest';
import {
  appointmentKeys,
  auditKeys,
  claimKeys,
  conversationKeys,
  invoiceKeys,
  resourceKeys,
  serviceVehicleKeys,
} from './query-keys';

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
    for (const key of [
      invoiceKeys.notes(7),
      invoiceKeys.vinHistory(7),
      invoiceKeys.part(7, 'pdfs'),
      invoiceKeys.history(7, true),
      // Its claim submissions: submit, unsubmit, finalize and unfinalize send or withdraw them.
      claimKeys.invoice(7),
    ])
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
    for (const key of [
      serviceVehicleKeys.myList('vehicles', 'All', '', true, false, undefined),
      serviceVehicleKeys.pipeline('quoted', 10, '', true, true),
    ])
      expect(startsWith(key, serviceVehicleKeys.mine)).toBe(true);
  });

  it('keep the claim queue and its counts under the claims root, an invoice’s submissions under the invoice', () => {
    for (const key of [claimKeys.queue('{}'), claimKeys.counts('{}')])
      expect(startsWith(key, claimKeys.all)).toBe(true);
    expect(startsWith(claimKeys.invoice(7), claimKeys.all)).toBe(false);
  });

  it('put each page, route and pick list under the root its writes refresh', () => {
    expect(startsWith(resourceKeys.page('brands', { search: 'x' }), resourceKeys.list('brands'))).toBe(true);
    expect(startsWith(appointmentKeys.routes({ date: '2026-01-02' }), appointmentKeys.allRoutes)).toBe(true);
    for (const key of [
      appointmentKeys.allRoutes,
      appointmentKeys.activeInstallers,
      appointmentKeys.calendarInstallers('2026-01-02', 'week'),
    ])
      expect(startsWith(key, appointmentKeys.all)).toBe(true);
    expect(startsWith(auditKeys.queueFind(3, 12), auditKeys.queue(3))).toBe(true);
    expect(startsWith(auditKeys.queueFind(undefined, undefined), auditKeys.queue(undefined))).toBe(true);
  });

  it('keep the keys the rest of the app already shares (finalizing empty filter, conversations)', () => {
    expect(invoiceKeys.finalizing(undefined)).toEqual(['invoices', 'finalizing', '']);
    expect(conversationKeys.all).toEqual(['conversations']);
    expect(conversationKeys.parked).toEqual(['parking', 'items']);
  });
});
