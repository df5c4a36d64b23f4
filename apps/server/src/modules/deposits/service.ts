import type { CreatedDeposit, DepositCreateBody } from '@glass/domain/contracts/deposits';
import { addMoney, centsText, rowMoney, sameMoney, toCents, transactionTypeLabel } from '@glass/domain';
import { formatCents } from '@glass/domain/rules/money-format';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { audit } from '../../http/audit.js';
import { badRequest, conflict, notFound, validationFailed } from '../../http/errors.js';
import { assertFacilityInScope } from '../../http/facility-scope.js';
import { runODataQuery } from '../../odata/index.js';
import { pgErrorOf } from '../../resources/db-errors.js';
import { depositResource } from './resource.js';

const ITEMS = 'DepositInvoiceInvoiceViewModels';

/** An invoice as a deposit takes it (locked for the deposit's transaction). */
interface Invoice {
  id: number;
  funded: boolean;
  facilityId: number;
  laborCost: string;
  partsCost: string;
  taxCost: string;
  totalCost: string;
  paymentTypeId: number;
  insuranceCompanyId: number | null;
  clearingHouseId: number | null;
  buyerName: string | null;
  vehicle: string;
  transactionId: number | null;
  transactionTypeId: number | null;
  depositId: number | null;
}

/** The same transaction of record as the reconcile row's (reconcile/resource.ts). */
const TRANSACTION = (column: string) =>
  sql.raw(`(select t.${column} from invoice_transactions t where t.invoice_id = i.id and t.status_id <> 2
            order by t.status_id desc, t.amount desc, t.id limit 1)`);

/**
 * Deposits (README.md): funded invoices of one facility bundled for the bank, each invoice at most once,
 * the total the sum of the items (integer cents, invoice-money.ts), checked against what the client sent.
 */
export class DepositService {
  constructor(private db: Database) {}

  async create(user: SessionUser, body: DepositCreateBody): Promise<CreatedDeposit> {
    const items = body[ITEMS];
    const seen = new Map<number, number>();
    items.forEach((item, index) => {
      if (seen.has(item.invoiceId))
        throw badRequest(`${ITEMS}.${index}.invoiceId`, `Invoice ${item.invoiceId} is listed twice`);
      seen.set(item.invoiceId, index);
    });
    const sum = addMoney(items.map(rowMoney));
    if (body.total !== undefined && toCents(body.total) !== sum.total)
      throw badRequest(
        'total',
        `The total ${formatCents(toCents(body.total))} is not the sum of the items, ${formatCents(sum.total)}`,
      );
    const ids = [...seen.keys()].sort((a, b) => a - b);
    let depositId: number;
    try {
      depositId = await this.db.transaction(async (tx) => {
        // Locked in id order, so two deposits of overlapping invoices queue instead of deadlocking, and
        // an unfunding of one of them waits for this deposit (or this deposit for it). The invoices are read
        // after the lock, by a statement of its own, so they are read as the other deposit left them.
        const idArray = `{${ids.join(',')}}`;
        await tx.rows(
          sql`select i.id from invoices i where i.id = any(${idArray}::int[]) order by i.id for update`,
        );
        const invoices = await tx.rows<Invoice>(
          sql`select i.id, i.funded, i.facility_id as "facilityId", i.labor_cost::text as "laborCost",
                i.parts_cost::text as "partsCost", i.tax_cost::text as "taxCost", i.total_cost::text as "totalCost",
                i.payment_type_id as "paymentTypeId", i.insurance_company_id as "insuranceCompanyId",
                (select ic.clearing_house_id from insurance_companies ic where ic.id = i.insurance_company_id) as "clearingHouseId",
                i.sold_to as "buyerName", concat_ws(' ', i.vehicle_year, i.vehicle_make, i.vehicle_model) as vehicle,
                ${TRANSACTION('id')} as "transactionId", ${TRANSACTION('transaction_type_id')} as "transactionTypeId",
                (select d.deposit_invoice_id from deposit_invoice_items d where d.invoice_id = i.id) as "depositId"
              from invoices i where i.id = any(${idArray}::int[]) order by i.id`,
        );
        const byId = new Map(invoices.map((i) => [i.id, i]));
        const missing = ids.filter((id) => !byId.has(id));
        if (missing.length)
          throw validationFailed(
            Object.fromEntries(
              missing.map((id) => [`${ITEMS}.${seen.get(id)}.invoiceId`, [`Invoice ${id} not found.`]]),
            ),
          );
        for (const item of items) {
          const invoice = byId.get(item.invoiceId)!;
          if (invoice.depositId !== null)
            throw conflict(`Invoice ${invoice.id} is already on deposit ${invoice.depositId}.`);
          if (!invoice.funded) throw conflict(`Invoice ${invoice.id} is not funded.`);
          const stored = rowMoney(invoice);
          if (!sameMoney(stored, rowMoney(item)))
            throw conflict(
              `Invoice ${invoice.id} changed since it was listed (total ${formatCents(stored.total)}, not ${formatCents(
                toCents(item.totalCost),
              )}); refresh the list.`,
            );
          if (invoice.transactionTypeId !== null && invoice.transactionTypeId !== item.itemType)
            throw conflict(
              `Invoice ${invoice.id} was funded as ${transactionTypeLabel(invoice.transactionTypeId)}, not ${transactionTypeLabel(
                item.itemType,
              )}; refresh the list.`,
            );
        }
        const facilities = new Set(invoices.map((i) => i.facilityId));
        if (facilities.size > 1)
          throw badRequest(ITEMS, 'A deposit holds the invoices of one facility; choose one facility');
        // The invoices' facility must be one the user is allowed (issue #31, decision 0016).
        assertFacilityInScope(user, invoices[0].facilityId);
        const [deposit] = await tx.rows<{ id: number }>(
          sql`insert into deposit_invoices (created_by_id, facility_id, total_amount, notes)
              values (${user.id}, ${invoices[0].facilityId}, ${centsText(sum.total)}::numeric, ${body.notes?.trim() || null})
              returning id`,
        );
        const rows = items.map((item) => {
          const i = byId.get(item.invoiceId)!;
          return sql`(${deposit.id}, ${i.id}, ${i.transactionId}, ${item.itemType}, ${i.laborCost}::numeric,
            ${i.partsCost}::numeric, ${i.taxCost}::numeric, ${i.totalCost}::numeric, ${i.paymentTypeId},
            ${i.insuranceCompanyId}, ${i.clearingHouseId}, ${i.facilityId}, ${i.buyerName}, ${i.vehicle})`;
        });
        await tx.rows(
          sql`insert into deposit_invoice_items (deposit_invoice_id, invoice_id, invoice_transaction_id, item_type,
                labor_cost, parts_cost, tax_cost, total_cost, payment_type_id, insurance_company_id, clearing_house_id,
                facility_id, buyer_name, vehicle)
              values ${sql.join(rows, sql`, `)}`,
        );
        const logId = await audit(tx, user, {
          activity: 'Deposit created',
          type: 'create',
          recordType: 'DepositInvoice',
          recordId: deposit.id,
          details: { facilityId: invoices[0].facilityId, total: centsText(sum.total), invoices: ids.length },
        });
        // Each invoice's history says where its money went (one statement for the whole deposit).
        await tx.rows(
          sql`insert into invoice_history (invoice_id, activity, user_id, details, activity_log_id, activity_date)
              select x.id, 'Deposited', ${user.id}, ${`Deposit ${deposit.id}`}, ${logId}, now()
              from unnest(${idArray}::int[]) as x(id)`,
        );
        return deposit.id;
      });
    } catch (e) {
      // Two deposits taking one invoice at the same moment: the unique index refuses the second.
      if (pgErrorOf(e)?.code === '23505') throw conflict('One of these invoices is already on a deposit.');
      throw e;
    }
    return this.one(depositId);
  }

  /** A deposit with its items, as the list shows it with `$expand=deposits`. */
  async one(id: number): Promise<CreatedDeposit> {
    const query = { $filter: `id eq ${id}`, $expand: 'deposits' };
    const body = await runODataQuery((q) => this.db.listRows(q), depositResource, query, {
      baseUrl: '/api/DepositInvoices',
      rawQuery: query,
    });
    const [deposit] = (JSON.parse(body) as { value: CreatedDeposit[] }).value;
    if (!deposit) throw notFound(`Deposit ${id} not found.`);
    return deposit;
  }
}
