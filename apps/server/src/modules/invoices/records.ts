import { invoiceNotFound } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database, Orm } from '../../db/client.js';
import { audit } from '../../http/audit.js';
import { conflict, notFound } from '../../http/errors.js';
import { finalizedProblem, type InvoiceState } from './workflow.js';

export { describeChanges, inTx } from '../service-vehicles/records.js';

/** What a write needs to know about the invoice before changing it. */
export interface InvoiceWriteTarget extends InvoiceState {
  id: number;
  lockUserId: number | null;
  lockHolder: string | null;
}

export const invoiceMissing = (id: number) => notFound(invoiceNotFound(id));

export const invoiceLockedBy = (id: number, holder: string | null) =>
  conflict(`Invoice ${id} is locked by ${holder ?? 'another user'}.`);

/**
 * The invoice's state and lock holder, holding the invoice's row lock until the transaction ends so
 * concurrent writers queue up. 404 when unknown.
 */
export async function lockInvoiceRow(db: Database, tx: Orm, id: number): Promise<InvoiceWriteTarget> {
  const [row] = await db.rows<InvoiceWriteTarget>(
    sql`select i.id, i.submitted, i.finalized, i.void, i.lost, i.payment_type_id as "paymentTypeId",
               i.reference_number as "referenceNumber", l.user_id as "lockUserId",
               (select u.first_name || ' ' || u.last_name from users u where u.id = l.user_id) as "lockHolder"
        from invoices i left join invoice_locks l on l.invoice_id = i.id
        where i.id = ${id} for update of i`,
    tx,
  );
  if (!row) throw invoiceMissing(id);
  return row;
}

/** Loads the invoice for a write; 409 naming the holder when another user holds its lock. */
export async function loadInvoiceForWrite(
  db: Database,
  tx: Orm,
  id: number,
  user: SessionUser,
): Promise<InvoiceWriteTarget> {
  const row = await lockInvoiceRow(db, tx, id);
  if (row.lockUserId !== null && row.lockUserId !== user.id) throw invoiceLockedBy(id, row.lockHolder);
  return row;
}

/** Loads the invoice for an edit: as loadInvoiceForWrite, and 409 when it is finalized. */
export async function loadEditableInvoice(db: Database, tx: Orm, id: number, user: SessionUser) {
  const target = await loadInvoiceForWrite(db, tx, id, user);
  if (target.finalized) throw conflict(finalizedProblem(id));
  return target;
}

/** 404 unless the invoice exists (for the lists of an invoice's records). */
export async function assertInvoiceExists(db: Database, id: number) {
  const [row] = await db.rows(sql`select 1 from invoices where id = ${id}`);
  if (!row) throw invoiceMissing(id);
}

export interface InvoiceHistoryEntry {
  activity: string;
  details?: string | null;
  params?: Record<string, unknown>;
  /** When it happened (default now). */
  at?: string;
  /** A customer contact (the ContactItem filter). */
  contact?: boolean;
}

/**
 * The activity log row and the invoice's history entry of one change, linked by activityLogId.
 * Returns the activity log id.
 */
export async function recordInvoiceChange(
  db: Database,
  tx: Orm,
  user: SessionUser,
  invoiceId: number,
  entry: InvoiceHistoryEntry,
) {
  const logId = await audit(db, tx, user, {
    activity: entry.activity,
    type: 'update',
    recordType: 'Invoice',
    recordId: invoiceId,
    details: { ...entry.params, ...(entry.details ? { details: entry.details } : {}) },
  });
  await db.rows(
    sql`insert into invoice_history (invoice_id, activity, user_id, details, activity_log_id, activity_date, is_contact)
        values (${invoiceId}, ${entry.activity}, ${user.id}, ${entry.details ?? null}, ${logId},
                coalesce(${entry.at ?? null}::timestamptz, now()), ${entry.contact ?? false})`,
    tx,
  );
  return logId;
}
