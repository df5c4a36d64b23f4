import { f, lookup, nn, out, userName } from '../../odata/fields.js';
import type { ODataResource } from '../../odata/types.js';

/** The items of a deposit (spec 2 §3 DepositInvoice "deposits"), as the slip orders them. */
export const depositItemsResource: ODataResource = {
  name: 'DepositInvoiceItems',
  from: 'deposit_invoice_items di',
  fields: {
    id: nn('di.id', 'number'),
    invoiceId: nn('di.invoice_id', 'number'),
    invoiceTransactionId: f('di.invoice_transaction_id', 'number'),
    itemType: nn('di.item_type', 'number'),
    laborCost: nn('di.labor_cost', 'number'),
    partsCost: nn('di.parts_cost', 'number'),
    taxCost: nn('di.tax_cost', 'number'),
    totalCost: nn('di.total_cost', 'number'),
    paymentTypeId: f('di.payment_type_id', 'number'),
    insuranceCompanyId: f('di.insurance_company_id', 'number'),
    insuranceCompanyName: lookup(
      { from: 'insurance_companies', key: 'id', on: 'di.insurance_company_id', value: 'x.name' },
      'string',
    ),
    clearingHouseId: f('di.clearing_house_id', 'number'),
    clearingHouseName: lookup(
      { from: 'clearing_houses', key: 'id', on: 'di.clearing_house_id', value: 'x.name' },
      'string',
    ),
    facilityId: f('di.facility_id', 'number'),
    facilityName: lookup({ from: 'facilities', key: 'id', on: 'di.facility_id', value: 'x.name' }, 'string'),
    buyerName: f('di.buyer_name', 'string'),
    vehicle: f('di.vehicle', 'string'),
  },
  defaultOrderBy: 'di.payment_type_id asc nulls last, di.invoice_id asc',
  key: 'di.id',
  defaultTop: 1000,
  maxTop: 1000,
};

/**
 * GET /api/DepositInvoices (spec 2 §3 DepositInvoice): newest first; filters by createdAt, facilityId and
 * createdById (indexes of migration 0015); `$expand=deposits` brings the items.
 */
export const depositResource: ODataResource = {
  name: 'DepositInvoices',
  from: 'deposit_invoices d',
  fields: {
    id: nn('d.id', 'number'),
    createdAt: nn('d.created_at', 'datetime'),
    createdById: nn('d.created_by_id', 'number'),
    createdBy: userName('d.created_by_id'),
    facilityId: f('d.facility_id', 'number'),
    facilityName: lookup({ from: 'facilities', key: 'id', on: 'd.facility_id', value: 'x.name' }, 'string'),
    total: nn('d.total_amount', 'number'),
    itemCount: out(
      '(select count(*)::int from deposit_invoice_items c where c.deposit_invoice_id = d.id)',
      'number',
    ),
    notes: f('d.notes', 'string'),
  },
  expand: {
    deposits: { resource: depositItemsResource, on: 'di.deposit_invoice_id = d.id', many: true },
  },
  defaultOrderBy: 'd.created_at desc',
  key: 'd.id',
  defaultTop: 50,
  maxTop: 200,
};
