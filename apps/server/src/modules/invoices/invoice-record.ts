import { invoiceNotFound } from '@glass/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Db } from '../../db/unit-of-work.js';
import { conflict, notFound } from '../../http/errors.js';
import {
  defineRecordType,
  type HistoryEntry,
  LockableRecord,
  type LockState,
  RecordHistory,
} from '../../records/index.js';
import { finalizedProblem, type InvoiceState } from './workflow/workflow.js';

export { describeChanges } from '../../records/index.js';

/** What a write needs to know about the invoice before changing it. */
export interface InvoiceWriteTarget extends InvoiceState, LockState {}

export const invoiceMissing = (id: number) => notFound(invoiceNotFound(id));

/**
 * An invoice as the shared layers know it: every log of it carries `invoiceId` (param 443); its files
 * (images, signatures, stored PDFs, the installer's photos) are read by invoice readers while it exists, within
 * their facility scope (decision 0016: a bound user gets no file of another facility's invoice).
 */
export const invoiceType = defineRecordType({
  recordType: 'Invoice',
  table: 'invoices',
  logDetail: { name: 'invoiceId', paramId: 443 },
  facilityColumn: 'facility_id',
  files: { action: 'invoice.read' },
  live: { action: 'invoice.read' },
});

/** An invoice as the records kernel knows it: the lock, and the work flow state read with it. */
export const invoiceRecord = new LockableRecord<InvoiceState>({
  record: invoiceType,
  label: 'Invoice',
  lockTable: 'invoice_locks',
  lockKey: 'invoice_id',
  state: sql`r.submitted, r.finalized, r.void, r.lost, r.payment_type_id as "paymentTypeId",
             r.reference_number as "referenceNumber"`,
  notFound: invoiceMissing,
  activities: { lock: 'Locked invoice', unlock: 'Unlocked invoice', removeOther: 'Removed invoice lock' },
});

export const invoiceHistory = new RecordHistory({
  record: invoiceType,
  table: 'invoice_history',
  key: 'invoice_id',
});

export const invoiceLockedBy = (id: number, holder: string | null) => invoiceRecord.lockedBy(id, holder);

/** The invoice's state and lock holder, holding its row lock until the unit of work ends. 404 when unknown. */
export const lockInvoiceRow = (db: Db, id: number): Promise<InvoiceWriteTarget> =>
  invoiceRecord.lockRow(db, id);

/** Loads the invoice for a write; 409 naming the holder when another user holds its lock. */
export const loadInvoiceForWrite = <E extends object = object>(
  db: Db,
  id: number,
  user: SessionUser,
  more?: SQL,
): Promise<InvoiceWriteTarget & E> => invoiceRecord.loadForWrite<E>(db, id, user, more);

/**
 * loadInvoiceForWrite for several invoices in one statement (a remittance batch): their row locks (id order) and
 * state (and `more` columns over alias `r`); per invoice, `writeRefusal` is the 409 loadInvoiceForWrite would throw and
 * an absent id its 404.
 */
export const lockInvoiceRows = <E extends object = object>(
  db: Db,
  ids: readonly number[],
  more?: SQL,
): Promise<Array<InvoiceWriteTarget & E>> => invoiceRecord.lockRows<E>(db, ids, more);
export const invoiceWriteRefusal = (row: InvoiceWriteTarget, user: SessionUser) =>
  invoiceRecord.writeRefusal(row, user);

/** Loads the invoice for an edit: as loadInvoiceForWrite, and 409 when it is finalized. */
export async function loadEditableInvoice(db: Db, id: number, user: SessionUser) {
  const target = await loadInvoiceForWrite(db, id, user);
  if (target.finalized) throw conflict(finalizedProblem(id));
  return target;
}

/** 404 unless the invoice exists (for the lists of an invoice's records). */
export async function assertInvoiceExists(db: Db, id: number) {
  const [row] = await db.rows(sql`select 1 from invoices where id = ${id}`);
  if (!row) throw invoiceMissing(id);
}

export type InvoiceHistoryEntry = Omit<HistoryEntry, 'type'>;

/** The activity log row and the invoice's history entry of one change; returns the activity log id. */
export const recordInvoiceChange = (
  db: Db,
  user: SessionUser,
  invoiceId: number,
  entry: InvoiceHistoryEntry,
) => invoiceHistory.record(db, user, invoiceId, entry);

/** recordInvoiceChange for many invoices at once (the same rows, in three statements). */
export const recordInvoiceChanges = (
  db: Db,
  user: SessionUser,
  changes: ReadonlyArray<{ id: number; entry: InvoiceHistoryEntry }>,
) => invoiceHistory.recordMany(db, user, changes);

/** The history entry of something the customer did on a public page (no staff user: user is null). */
export const recordCustomerAction = (db: Db, invoiceId: number, entry: InvoiceHistoryEntry) =>
  invoiceHistory.record(db, undefined, invoiceId, entry);
