/**
 * Remittance files (issue #35 item 4, decision 0025): the payment exports insurers' and clearing houses'
 * portals give (CSV or XLSX, one payment line a row). Their columns are mapped to these fields (saved per
 * clearing house by header name, like the DMS imports' mapping per facility); the header check, the file
 * limits and the date reading are the DMS import's (rules/dms-import.ts).
 */
import { parseDmsDate } from './dms-import.js';
import type { RemittancePaymentLine } from './remittance-match.js';

export const REMITTANCE_FIELDS = [
  { key: 'claimNumber', label: 'Claim number' },
  { key: 'referenceNumber', label: 'Reference number' },
  { key: 'invoiceNumber', label: 'Invoice number' },
  { key: 'paidAmount', label: 'Paid amount' },
  { key: 'billedAmount', label: 'Billed amount' },
  { key: 'payerName', label: 'Payer' },
  { key: 'paidOn', label: 'Paid on' },
  { key: 'checkNumber', label: 'Check / EFT number' },
] as const;
export type RemittanceField = (typeof REMITTANCE_FIELDS)[number]['key'];
export const REMITTANCE_FIELD_KEYS = REMITTANCE_FIELDS.map((f) => f.key) as RemittanceField[];
export const remittanceFieldLabel = (key: RemittanceField): string =>
  REMITTANCE_FIELDS.find((f) => f.key === key)?.label ?? key;

/** Field → column index (0-based) of the file's header; unmapped fields are absent or null. */
export type RemittanceMapping = Partial<Record<RemittanceField, number | null>>;

/** Longest text a cell brings into one field. */
export const REMITTANCE_MAX_TEXT = 100;

const norm = (header: string) =>
  header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/#/g, 'number')
    .replace(/[^a-z0-9]/g, '');

/** Header names seen in portal exports, normalised (letters and digits, '#' as 'number'). */
const KNOWN: Record<RemittanceField, readonly string[]> = {
  claimNumber: ['claimnumber', 'claimno', 'claim', 'claimid', 'insurerclaimnumber', 'payerclaimnumber'],
  referenceNumber: [
    'referencenumber',
    'reference',
    'refnumber',
    'refno',
    'ref',
    'shopreference',
    'workorder',
  ],
  invoiceNumber: [
    'invoicenumber',
    'invoice',
    'invoiceno',
    'inv',
    'invnumber',
    'shopinvoice',
    'patientaccount',
  ],
  paidAmount: [
    'paidamount',
    'amountpaid',
    'paid',
    'payment',
    'paymentamount',
    'netpaid',
    'netpayment',
    'netamount',
    'paidtotal',
  ],
  billedAmount: [
    'billedamount',
    'billed',
    'amountbilled',
    'claimamount',
    'chargeamount',
    'charges',
    'submittedamount',
    'invoiceamount',
  ],
  payerName: ['payer', 'payername', 'insurer', 'insurancecompany', 'carrier', 'insurance'],
  paidOn: ['paidon', 'paiddate', 'paymentdate', 'datepaid', 'checkdate', 'eftdate', 'remitdate', 'date'],
  checkNumber: ['checknumber', 'check', 'checkno', 'eft', 'eftnumber', 'tracenumber', 'paymentreference'],
};

/** The mapping the screen offers for a header it has not seen: each field's first column with a known name. */
export function recogniseRemittanceColumns(headers: readonly string[]): RemittanceMapping {
  const names = headers.map(norm);
  const mapping: RemittanceMapping = {};
  const used = new Set<number>();
  for (const field of REMITTANCE_FIELD_KEYS) {
    for (const known of KNOWN[field]) {
      const i = names.findIndex((n, k) => n === known && !used.has(k));
      if (i >= 0) {
        mapping[field] = i;
        used.add(i);
        break;
      }
    }
  }
  return mapping;
}

export const REMITTANCE_MAPPING_TEXTS = {
  paid: 'Map a column to the paid amount',
  key: 'Map a column to the claim number, the reference number or the invoice number',
} as const;

/** Why a mapping cannot be used with a header of `columnCount` columns (a 400 on `mapping`), or undefined. */
export function remittanceMappingProblem(
  mapping: RemittanceMapping,
  columnCount: number,
): string | undefined {
  const has = (f: RemittanceField) => mapping[f] !== undefined && mapping[f] !== null;
  if (!has('paidAmount')) return REMITTANCE_MAPPING_TEXTS.paid;
  if (!has('claimNumber') && !has('referenceNumber') && !has('invoiceNumber'))
    return REMITTANCE_MAPPING_TEXTS.key;
  const seen = new Map<number, RemittanceField>();
  for (const field of REMITTANCE_FIELD_KEYS) {
    const col = mapping[field];
    if (col === undefined || col === null) continue;
    if (!Number.isInteger(col) || col < 0 || col >= columnCount)
      return `${remittanceFieldLabel(field)}: the file has no column ${col}`;
    const other = seen.get(col);
    if (other)
      return `${remittanceFieldLabel(other)} and ${remittanceFieldLabel(field)} are mapped to the same column`;
    seen.set(col, field);
  }
  return undefined;
}

/**
 * An amount as payment exports write it, in cents: `1234.5`, `$1,234.50`, `(12.00)` and `-12` (negative:
 * a take-back), `1 234,50` is not read (a comma is a thousands separator). Undefined when it is not an amount.
 */
export function parseRemittanceAmount(text: string): number | undefined {
  let t = text.trim().replace(/^\$|\s/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1);
  }
  if (t.startsWith('-')) {
    negative = !negative;
    t = t.slice(1);
  }
  t = t.replace(/^\$/, '');
  if (!/^(\d{1,3}(,\d{3})*|\d+)(\.\d{1,2})?$/.test(t) && !/^\d+\.\d{3,}$/.test(t)) return undefined;
  const [whole, fraction = ''] = t.replace(/,/g, '').split('.');
  if (whole.length > 10) return undefined;
  // More than two decimals (a spreadsheet's float): rounded half away from zero.
  const digits = fraction.padEnd(3, '0');
  let cents = Number(whole) * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1;
  return negative ? -cents : cents;
}

export interface RemittanceCellError {
  field: RemittanceField;
  column: number;
  message: string;
}

export interface RemittanceRowValues extends RemittancePaymentLine {
  claimNumber: string | null;
  referenceNumber: string | null;
  invoiceNumber: string | null;
  billedCents: number | null;
  payerName: string | null;
  paidOn: string | null;
  checkNumber: string | null;
}

export interface RemittanceRowResult {
  values: RemittanceRowValues | null;
  errors: RemittanceCellError[];
}

/** One row of the file as a payment line, or the errors per cell (the row is then an exception to look at). */
export function parseRemittanceRow(
  cells: readonly string[],
  mapping: RemittanceMapping,
  options: { spreadsheet?: boolean } = {},
): RemittanceRowResult {
  const errors: RemittanceCellError[] = [];
  const cell = (f: RemittanceField) => {
    const col = mapping[f];
    return col === undefined || col === null ? '' : (cells[col] ?? '').trim();
  };
  const text = (f: RemittanceField) => {
    const v = cell(f);
    if (v.length > REMITTANCE_MAX_TEXT) {
      errors.push({
        field: f,
        column: mapping[f] as number,
        message: `${remittanceFieldLabel(f)} is longer than ${REMITTANCE_MAX_TEXT} characters`,
      });
      return null;
    }
    return v || null;
  };
  const money = (f: RemittanceField, required: boolean) => {
    const v = cell(f);
    if (!v) {
      if (required)
        errors.push({
          field: f,
          column: mapping[f] as number,
          message: `${remittanceFieldLabel(f)} is required`,
        });
      return null;
    }
    const cents = parseRemittanceAmount(v);
    if (cents === undefined) {
      errors.push({
        field: f,
        column: mapping[f] as number,
        message: `${remittanceFieldLabel(f)} is not an amount: '${v.slice(0, 40)}'`,
      });
      return null;
    }
    return cents;
  };
  const claimNumber = text('claimNumber');
  const referenceNumber = text('referenceNumber');
  const invoiceNumber = text('invoiceNumber');
  const payerName = text('payerName');
  const checkNumber = text('checkNumber');
  const paidCents = money('paidAmount', true);
  const billedCents = money('billedAmount', false);
  let paidOn: string | null = null;
  const dateText = cell('paidOn');
  if (dateText) {
    const parsed = parseDmsDate(dateText, options.spreadsheet);
    if (parsed) paidOn = parsed.slice(0, 10);
    else
      errors.push({
        field: 'paidOn',
        column: mapping.paidOn as number,
        message: `Paid on is not a date: '${dateText.slice(0, 40)}'`,
      });
  }
  if (!claimNumber && !referenceNumber && !invoiceNumber) {
    const mapped = (f: RemittanceField) => mapping[f] !== undefined && mapping[f] !== null;
    const field: RemittanceField = mapped('claimNumber')
      ? 'claimNumber'
      : mapped('referenceNumber')
        ? 'referenceNumber'
        : 'invoiceNumber';
    errors.push({
      field,
      column: mapping[field] ?? -1,
      message: 'The line has no claim, reference or invoice number',
    });
  }
  if (errors.length || paidCents === null) return { values: null, errors };
  return {
    values: {
      claimNumber,
      referenceNumber,
      invoiceNumber,
      paidCents,
      billedCents,
      payerName,
      paidOn,
      checkNumber,
    },
    errors,
  };
}

/** The reason a row is not a payment line, for the exceptions queue: its errors joined. */
export function remittanceRowReason(errors: readonly RemittanceCellError[]): string {
  return errors.map((e) => e.message).join('; ');
}
