import { describe, expect, it } from 'vitest';
import {
  parseRemittanceAmount,
  parseRemittanceRow,
  REMITTANCE_MAPPING_TEXTS,
  recogniseRemittanceColumns,
  remittanceMappingProblem,
} from './remittance-file.js';

describe('remittance files (issue #35 item 4: "CSV/XLSX exports from their portals", "a column mapping")', () => {
  it('recognises the usual portal headers', () => {
    expect(
      recogniseRemittanceColumns([
        'Claim #',
        'Invoice No',
        'Billed',
        'Amount Paid',
        'Check Date',
        'Payer',
        'EFT #',
      ]),
    ).toEqual({
      claimNumber: 0,
      invoiceNumber: 1,
      billedAmount: 2,
      paidAmount: 3,
      paidOn: 4,
      payerName: 5,
      checkNumber: 6,
    });
  });

  it('needs the paid amount and one key, each column once', () => {
    expect(remittanceMappingProblem({ claimNumber: 0 }, 3)).toBe(REMITTANCE_MAPPING_TEXTS.paid);
    expect(remittanceMappingProblem({ paidAmount: 0 }, 3)).toBe(REMITTANCE_MAPPING_TEXTS.key);
    expect(remittanceMappingProblem({ paidAmount: 0, claimNumber: 0 }, 3)).toMatch(/same column/);
    expect(remittanceMappingProblem({ paidAmount: 0, claimNumber: 5 }, 3)).toMatch(/no column 5/);
    expect(remittanceMappingProblem({ paidAmount: 0, claimNumber: 1 }, 3)).toBeUndefined();
  });

  it('reads amounts as portals write them, in cents', () => {
    expect(parseRemittanceAmount('1234.5')).toBe(123_450);
    expect(parseRemittanceAmount('$1,234.50')).toBe(123_450);
    expect(parseRemittanceAmount('(12.00)')).toBe(-1_200);
    expect(parseRemittanceAmount('-12')).toBe(-1_200);
    expect(parseRemittanceAmount('64.905')).toBe(6_491);
    expect(parseRemittanceAmount('0.1')).toBe(10);
    expect(parseRemittanceAmount('12,34')).toBeUndefined();
    expect(parseRemittanceAmount('abc')).toBeUndefined();
    expect(parseRemittanceAmount('')).toBeUndefined();
  });

  it('reads a row as a payment line, or says what is wrong with it', () => {
    const mapping = { claimNumber: 0, paidAmount: 1, paidOn: 2, billedAmount: 3 };
    expect(parseRemittanceRow(['CLM-1', '$250.00', '11/3/2026', '300'], mapping)).toEqual({
      values: {
        claimNumber: 'CLM-1',
        referenceNumber: null,
        invoiceNumber: null,
        paidCents: 25_000,
        billedCents: 30_000,
        payerName: null,
        paidOn: '2026-11-03',
        checkNumber: null,
      },
      errors: [],
    });
    const bad = parseRemittanceRow(['', 'lots', 'someday', ''], mapping);
    expect(bad.values).toBeNull();
    expect(bad.errors.map((e) => e.field).sort()).toEqual(['claimNumber', 'paidAmount', 'paidOn']);
  });
});
