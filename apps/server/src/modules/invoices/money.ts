import { centsText, invoiceMoney, sumCents, toCents } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/unit-of-work.js';

/** Which stored sums a write re-adds from their lines; the other one is kept as stored. */
export interface MoneyChange {
  /** Labor becomes the sum of the repair lines. */
  labor?: boolean;
  /** Parts becomes the sum of the replacement parts' prices. */
  parts?: boolean;
}

/**
 * Called in the writing unit of work after storeInvoiceMoney or a re-tax changed invoices' stored money,
 * with the ids of the invoices whose total changed. Other areas register here (through the index) instead
 * of checking amounts in every write: customer approvals void the requests sent at the old price.
 */
export type InvoiceMoneyListener = (db: Db, invoiceIds: readonly number[]) => Promise<void>;
const moneyListeners = new Set<InvoiceMoneyListener>();

/** Registers a listener once (the same function registered again, e.g. by a second app, is kept once). */
export function onInvoiceMoneyChanged(listener: InvoiceMoneyListener): void {
  moneyListeners.add(listener);
}

async function moneyChanged(db: Db, invoiceIds: readonly number[]) {
  if (invoiceIds.length === 0) return;
  for (const listener of moneyListeners) await listener(db, invoiceIds);
}

/**
 * Stores an invoice's money after a write that changed it (packages/domain invoice-money.ts, the one
 * computation): labor and/or parts re-added from their lines, tax on labor at the facility's current tax
 * rate, the total. Runs inside the write's transaction, after the lines were written.
 */
export async function storeInvoiceMoney(db: Db, invoiceId: number, change: MoneyChange): Promise<void> {
  const [row] = await db.rows<{
    repairs: string;
    parts: string;
    labor: string;
    partsCost: string;
    taxRate: string;
    total: string;
  }>(
    sql`select i.labor_cost::text as labor, i.parts_cost::text as "partsCost", f.tax_rate::text as "taxRate",
          i.total_cost::text as total,
          (select coalesce(json_agg(r.amount::text), '[]') from invoice_repairs r where r.invoice_id = i.id)::text as repairs,
          (select coalesce(json_agg(p.price::text), '[]') from replacement_parts p where p.invoice_id = i.id)::text as parts
        from invoices i join facilities f on f.id = i.facility_id where i.id = ${invoiceId}`,
  );
  if (!row) return;
  const m = invoiceMoney({
    labor: change.labor ? sumCents(JSON.parse(row.repairs)) : sumCents([row.labor]),
    parts: change.parts ? sumCents(JSON.parse(row.parts)) : sumCents([row.partsCost]),
    taxRate: row.taxRate,
  });
  await db.rows(
    sql`update invoices set labor_cost = ${centsText(m.labor)}::numeric, parts_cost = ${centsText(m.parts)}::numeric,
          tax_cost = ${centsText(m.tax)}::numeric, total_cost = ${centsText(m.total)}::numeric, updated_at = now()
        where id = ${invoiceId}`,
  );
  if (m.total !== toCents(row.total)) await moneyChanged(db, [invoiceId]);
}

/** Rows per statement when a facility's invoices are re-taxed (3 parameters each). */
const RETAX_CHUNK = 1000;

/**
 * After a facility's tax rate changed: its open invoices (not submitted, finalized, void or lost) get
 * their tax and total at the new rate, computed by the domain; invoices already submitted or closed keep
 * what they were charged until their lines change again. Answers how many invoices changed.
 */
export async function retaxFacilityInvoices(db: Db, facilityId: number): Promise<number> {
  const rows = await db.rows<{ id: number; labor: string; parts: string; tax: string; taxRate: string }>(
    sql`select i.id, i.labor_cost::text as labor, i.parts_cost::text as parts, i.tax_cost::text as tax,
          f.tax_rate::text as "taxRate"
        from invoices i join facilities f on f.id = i.facility_id
        where i.facility_id = ${facilityId} and not i.submitted and not i.finalized and not i.void and not i.lost
        order by i.id for update of i`,
  );
  const changed = rows
    .map((r) => ({
      id: r.id,
      tax: toCents(r.tax),
      m: invoiceMoney({ labor: toCents(r.labor), parts: toCents(r.parts), taxRate: r.taxRate }),
    }))
    .filter((r) => r.m.tax !== r.tax);
  for (let i = 0; i < changed.length; i += RETAX_CHUNK) {
    const values = changed
      .slice(i, i + RETAX_CHUNK)
      .map((r) => sql`(${r.id}::int, ${centsText(r.m.tax)}::numeric, ${centsText(r.m.total)}::numeric)`);
    await db.rows(
      sql`update invoices i set tax_cost = u.tax, total_cost = u.total, updated_at = now()
          from (values ${sql.join(values, sql`, `)}) as u(id, tax, total) where i.id = u.id`,
    );
  }
  await moneyChanged(
    db,
    changed.map((r) => r.id),
  );
  return changed.length;
}
