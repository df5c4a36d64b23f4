import { invoicePatchFields } from '@glass/domain/contracts/invoices';
import type { PatchKind } from '../../../odata/detail-object.js';
import { INVOICE_PATCH_COLUMNS } from './detail-fields.js';
import type { InvoicePatch } from '../schemas.js';

/** How a PATCH field's stored value compares with the requested one. */
type Kind = PatchKind;

/**
 * PATCH fields and their columns, from the detail's declaration (detail-fields.ts); a PATCH field of
 * the contract without a declared column stops the server at start-up.
 */
export const PATCH_COLUMNS = INVOICE_PATCH_COLUMNS as Record<
  keyof InvoicePatch,
  { col: string; kind?: Kind }
>;
const undeclared = Object.keys(invoicePatchFields.shape).filter((k) => !(k in PATCH_COLUMNS));
if (undeclared.length) throw new Error(`Invoice PATCH fields without a column: ${undeclared.join(', ')}`);

const instant = (v: unknown) => (v === null || v === undefined ? null : Date.parse(String(v)));
const amount = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Stored and requested values are the same (timestamps as instants, money as numbers). */
export function same(before: unknown, after: unknown, kind?: Kind): boolean {
  if (kind === 'at') return instant(before) === instant(after);
  if (kind === 'money') return amount(before) === amount(after);
  return (before ?? null) === (after ?? null);
}
