import { invoiceDetail, invoicePatchFields } from '@glass/domain/contracts/invoices';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { invoices } from '../../../db/schema/invoices.js';
import { isJson } from '../../../odata/detail-object.js';
import { contractMismatches } from '../../../../test/detail-declaration.js';
import { INVOICE_DETAIL, INVOICE_PATCH_COLUMNS } from './detail-fields.js';

const columns = new Set(getTableConfig(invoices).columns.map((c) => c.name));

describe('the invoice detail declaration (detail-fields.ts)', () => {
  it('names only columns the Drizzle schema of invoices has', () => {
    const used = Object.values(INVOICE_DETAIL)
      .flatMap((e) => (isJson(e) ? [] : [e.sql]))
      .filter((s) => /^i\.[a-z_]+$/.test(s))
      .map((s) => s.slice(2));
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter((c) => !columns.has(c))).toEqual([]);
    const patched = Object.values(INVOICE_PATCH_COLUMNS).map((c) => c.col);
    expect(patched.filter((c) => !columns.has(c))).toEqual([]);
  });

  it('declares every path of the contract, with its type and nullability', () => {
    const declared = Object.keys(INVOICE_DETAIL);
    const tops = new Set(declared.map((p) => p.split('/')[0]));
    expect([...tops].sort()).toEqual(Object.keys(invoiceDetail.shape).sort());
    expect(contractMismatches(INVOICE_DETAIL, invoiceDetail)).toEqual([]);
  });

  it('maps every PATCH field of the contract to a column', () => {
    expect(Object.keys(INVOICE_PATCH_COLUMNS).sort()).toEqual(Object.keys(invoicePatchFields.shape).sort());
    expect(INVOICE_PATCH_COLUMNS.vehicleYear).toEqual({ col: 'vehicle_year' });
    expect(INVOICE_PATCH_COLUMNS.deductibleAmount).toEqual({ col: 'deductible_amount', kind: 'money' });
    expect(INVOICE_PATCH_COLUMNS.lossDateTime).toEqual({ col: 'loss_date_time', kind: 'at' });
  });
});
