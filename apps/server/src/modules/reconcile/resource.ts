import { PaymentType } from '@glass/domain/enums';
import { f, lookup, nn, out, userName } from '../../odata/fields.js';
import type { ODataResource } from '../../odata/types.js';

/**
 * packages/domain rules/funding.ts as SQL, the same conditions: `receivable` (not funded, not void, not
 * lost, something to collect) and the server's showFundedButton (`showFundedButton`: a receivable whose
 * payment type is not Refused).
 */
export const RECEIVABLE_SQL = '(not i.funded and not i.void and not i.lost and i.total_cost > 0)';
export const SHOW_FUNDED_BUTTON_SQL = `(${RECEIVABLE_SQL} and i.payment_type_id is distinct from ${PaymentType.Refused})`;

/**
 * The invoice's transaction of record: its funded one, else its open one, the largest first (the payment
 * rather than the deductible), then the first made. Void transactions never count.
 */
const transaction = (column: string) =>
  `(select t.${column} from invoice_transactions t where t.invoice_id = i.id and t.status_id <> 2
    order by t.status_id desc, t.amount desc, t.id limit 1)`;

/**
 * GET /api/ReconcileInvoices (spec 2 §3 "Reconcile invoice row", §5 filters): one row per invoice, newest
 * OpenDateTime first. The route bounds OpenDateTime and adds the name filters (routes.ts); everything else is
 * `$filter` over these fields. Money is the invoice's stored figures (written by invoice-money.ts on every
 * change of its lines). Names and the transaction are looked up for the page's rows only.
 */
export const reconcileResource: ODataResource = {
  name: 'ReconcileInvoices',
  from: 'invoices i',
  fields: {
    id: nn('i.id', 'number'),
    /** The invoice number as text, for "invoice number contains" (trigram index on id::text, migration 0015). */
    invoiceNumber: { sql: '(i.id)::text', type: 'string', notNull: true, select: false },
    flagged: nn('i.flagged', 'boolean'),
    isThumbsUp: nn('(i.thumb = 1)', 'boolean'),
    isReplacement: nn('i.replacement', 'boolean'),
    parkLine: lookup({ from: 'parked_items', key: 'invoice_id', on: 'i.id', value: 'x.park_line' }, 'number'),
    referenceNumber: f('i.reference_number', 'string'),
    buyerName: f('i.sold_to', 'string'),
    openAt: nn('i.open_date_time', 'datetime'),
    paymentTypeId: nn('i.payment_type_id', 'number'),
    deductible: f('i.deductible_amount', 'number'),
    deposit: f('i.deposit_amount', 'number'),
    insuranceCompanyId: f('i.insurance_company_id', 'number'),
    insuranceCompanyName: lookup(
      { from: 'insurance_companies', key: 'id', on: 'i.insurance_company_id', value: 'x.name' },
      'string',
    ),
    clearingHouseId: lookup(
      { from: 'insurance_companies', key: 'id', on: 'i.insurance_company_id', value: 'x.clearing_house_id' },
      'number',
    ),
    facilityId: nn('i.facility_id', 'number'),
    facilityName: lookup({ from: 'facilities', key: 'id', on: 'i.facility_id', value: 'x.name' }, 'string'),
    leadTechnicianId: f('i.lead_technician_id', 'number'),
    leadTechnicianName: userName('i.lead_technician_id'),
    vehicle: out("concat_ws(' ', i.vehicle_year, i.vehicle_make, i.vehicle_model)", 'string'),
    isFinalized: nn('i.finalized', 'boolean'),
    isFunded: nn('i.funded', 'boolean'),
    isVoid: nn('i.void', 'boolean'),
    isLost: nn('i.lost', 'boolean'),
    fundedAt: f('i.funded_at', 'datetime'),
    fundedBy: userName('i.funded_by_id'),
    totalCost: nn('i.total_cost', 'number'),
    laborCost: nn('i.labor_cost', 'number'),
    partsCost: nn('i.parts_cost', 'number'),
    taxCost: nn('i.tax_cost', 'number'),
    itemType: out(transaction('transaction_type_id'), 'number'),
    invoiceTransactionId: out(transaction('id'), 'number'),
    showFundedButton: nn(SHOW_FUNDED_BUTTON_SQL, 'boolean'),
    depositId: lookup(
      { from: 'deposit_invoice_items', key: 'invoice_id', on: 'i.id', value: 'x.deposit_invoice_id' },
      'number',
    ),
  },
  defaultOrderBy: 'i.open_date_time desc',
  key: 'i.id',
  defaultTop: 100,
  maxTop: 500,
};
