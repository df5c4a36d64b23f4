import { describe, expect, it } from 'vitest';
import { INVOICE_LIST_SELECT, invoiceListSelect } from './invoice-list.js';

describe('invoice list $select', () => {
  it('holds the sort keys of the list order, so the server can aggregate named rows', () => {
    for (const key of ['lost', 'followUpAt', 'openDateTime', 'id'])
      expect(INVOICE_LIST_SELECT).toContain(key);
  });

  it('names each property once and appends a variant list’s extras', () => {
    expect(new Set(INVOICE_LIST_SELECT).size).toBe(INVOICE_LIST_SELECT.length);
    expect(invoiceListSelect('clearingHouse').split(',').at(-1)).toBe('clearingHouse');
    expect(invoiceListSelect()).toBe(INVOICE_LIST_SELECT.join(','));
  });
});
