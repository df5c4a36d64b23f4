import { PaymentType } from '@glass/domain';
import { out } from '../../../odata/fields.js';
import type { ODataResource } from '../../../odata/types.js';
import { invoiceListResource } from './list-resource.js';

/*
 * The domain rule (packages/domain rules/invoice-rules.ts: hasUnpaidPayment, hasMissingReference,
 * isOutstanding) as SQL, so the list pages in the database. The payments are the invoice's payment type
 * plus its deductible and deposit payments when they carry a value above 0.
 */
const payments = (test: (typeCol: string) => string) =>
  `(${test('i.payment_type_id')}
    or (coalesce(i.deductible_amount, 0) > 0 and ${test('i.deductible_payment_type_id')})
    or (coalesce(i.deposit_amount, 0) > 0 and ${test('i.deposit_payment_type_id')}))`;

/** Unpaid: not funded, and a payment is Pending (or has no type) or Refused. */
export const UNPAID_SQL = `(not i.funded and i.funded_at is null and ${payments(
  (c) => `coalesce(${c}, ${PaymentType.Pending}) in (${PaymentType.Pending}, ${PaymentType.Refused})`,
)})`;

/** Missing reference: the reference is blank and a payment is a Repair Order. */
export const MISSING_REFERENCE_SQL = `(coalesce(i.reference_number, '') !~ '\\S' and ${payments(
  (c) => `${c} = ${PaymentType.RepairOrder}`,
)})`;

/**
 * GET /api/Invoices/outstanding (spec 2 §5 "Outstanding invoices show only those with unpaid or
 * missing-reference payments", §7 "top 25"): list-view rows of invoices neither void nor lost that are
 * unpaid or miss a reference, oldest first, with `outstandingReason` ('Unpaid' wins when both hold).
 */
export const outstandingInvoicesResource: ODataResource = {
  ...invoiceListResource,
  name: 'OutstandingInvoices',
  // Its own condition and table: not the list's search copy nor its counts by name.
  searchCopy: undefined,
  valueCounts: undefined,
  where: `not i.void and not i.lost and (${UNPAID_SQL} or ${MISSING_REFERENCE_SQL})`,
  fields: {
    ...invoiceListResource.fields,
    outstandingReason: out(`case when ${UNPAID_SQL} then 'Unpaid' else 'Missing reference' end`, 'string'),
  },
  defaultOrderBy: 'i.open_date_time asc',
  defaultTop: 25,
  maxTop: 25,
};
