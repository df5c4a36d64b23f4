// Over 300 lines: funding one invoice (fundIn) and many (lockForFunding, fundMany) must make the same checks in the
// same order (fundCheck); they stay side by side, with unfunding, in one service.
import type { FundBody, ReconcileRow, UnfundBody } from '@glass/domain/contracts/reconcile';
import {
  centsText,
  fundingDetails,
  fundProblem,
  referenceProblem,
  toCents,
  transactionTypeLabel,
  unfundProblem,
} from '@glass/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/unit-of-work.js';
import { badRequest, conflict, type HttpError } from '../../http/errors.js';
import { runODataQuery } from '../../odata/index.js';
import {
  type InvoiceWriteTarget,
  invoiceMissing,
  invoiceWriteRefusal,
  loadInvoiceForWrite,
  lockInvoiceRows,
  recordInvoiceChange,
  recordInvoiceChanges,
} from '../invoices/index.js';
import { reconcileResource } from './resource.js';

/** Invoice transaction statuses (invoices transactions-service): 0 open, 1 funded, 2 void. */
const OPEN = 0;
const FUNDED = 1;
const VOID = 2;

interface FundingTarget {
  id: number;
  funded: boolean;
  void: boolean;
  lost: boolean;
  totalCost: string;
  paymentTypeId: number;
  referenceNumber: string | null;
  depositId: number | null;
}

const TARGET_COLUMNS = sql`i.id, i.funded, i.void, i.lost, i.total_cost::text as "totalCost",
  i.payment_type_id as "paymentTypeId", i.reference_number as "referenceNumber",
  (select d.deposit_invoice_id from deposit_invoice_items d where d.invoice_id = i.id) as "depositId"`;

/** The columns of FundingTarget the invoice's write target (lockInvoiceRows, alias `r`) does not carry. */
const MORE_TARGET_COLUMNS = sql`r.funded, r.total_cost::text as "totalCost",
  (select d.deposit_invoice_id from deposit_invoice_items d where d.invoice_id = r.id) as "depositId"`;

/** An invoice locked for a funding (lockForFunding): its write target (lock holder, state) and what fundIn checks. */
export type FundingLock = InvoiceWriteTarget & FundingTarget;

/** One funding of a batch (fundMany): the invoice, the body reconcile's route would take, the history note. */
export interface FundItem {
  invoiceId: number;
  body: FundBody;
  note?: string;
}

/** What a funding writes once its checks pass: the reference and the amount as text. */
interface FundPlan {
  reference: string | null;
  amount: string;
}

/**
 * fundIn's checks after the invoice's lock (its state, and the open transaction named in the body when there is
 * one): the refusal fundIn throws (409 already funded, void, lost, nothing to collect, Refused, transaction not
 * open; 400 reference or transaction), or what it writes.
 */
function fundCheck(
  invoiceId: number,
  invoice: FundingTarget,
  body: FundBody,
  open: { invoiceId: number; statusId: number } | undefined,
): HttpError | FundPlan {
  const problem = fundProblem(invoiceId, invoice);
  if (problem) return conflict(problem);
  const reference = body.reference?.trim() || invoice.referenceNumber?.trim() || null;
  const refProblem = referenceProblem(invoice.paymentTypeId, reference);
  if (refProblem) return badRequest('reference', refProblem);
  if (body.invoiceTransactionId !== undefined) {
    if (!open || open.invoiceId !== invoiceId)
      return badRequest(
        'invoiceTransactionId',
        `Transaction ${body.invoiceTransactionId} is not a transaction of invoice ${invoiceId}.`,
      );
    if (open.statusId !== OPEN)
      return conflict(`Transaction ${body.invoiceTransactionId} is not open; it cannot be funded.`);
  }
  return { reference, amount: centsText(toCents(body.amount)) };
}

const isRefusal = (v: HttpError | FundPlan): v is HttpError => !('amount' in v);

/**
 * Funding and unfunding an invoice from the reconcile screen (packages/domain rules/funding.ts). Each is
 * one transaction: the invoice's row lock (the records kernel, which also refuses an invoice another
 * user has locked), the check, the invoice's funded state (funded, funded_at, funded_by_id), its
 * transaction, and the history entry with its activity log row. Two fundings of one invoice at once queue
 * on the row lock; the second then reads it funded and is refused (409).
 */
export class FundingService {
  constructor(private db: Database) {}

  private async target(tx: Db, invoiceId: number, user: SessionUser): Promise<FundingTarget> {
    await loadInvoiceForWrite(tx, invoiceId, user);
    const [row] = await tx.rows<FundingTarget>(
      sql`select ${TARGET_COLUMNS} from invoices i where i.id = ${invoiceId}`,
    );
    return row;
  }

  async fund(user: SessionUser, invoiceId: number, body: FundBody): Promise<ReconcileRow> {
    await this.db.transaction((tx) => this.fundIn(tx, user, invoiceId, body));
    return this.row(invoiceId);
  }

  /**
   * The funding itself, inside the caller's unit of work (reconcile's own transaction, or a remittance line's:
   * modules/remittances funds through here so its lines meet the same checks and the same 409). `note` is added
   * to the history entry's details (where the money came from).
   */
  async fundIn(tx: Db, user: SessionUser, invoiceId: number, body: FundBody, note?: string): Promise<void> {
    const invoice = await this.target(tx, invoiceId, user);
    let open: { invoiceId: number; statusId: number } | undefined;
    if (body.invoiceTransactionId !== undefined && !fundProblem(invoiceId, invoice)) {
      [open] = await tx.rows<{ invoiceId: number; statusId: number }>(
        sql`select invoice_id as "invoiceId", status_id as "statusId" from invoice_transactions
            where id = ${body.invoiceTransactionId} and invoice_id = ${invoiceId} for update`,
      );
    }
    const plan = fundCheck(invoiceId, invoice, body, open);
    if (isRefusal(plan)) throw plan;
    const { reference, amount } = plan;
    if (body.invoiceTransactionId !== undefined) {
      await tx.rows(
        sql`update invoice_transactions set transaction_type_id = ${body.transactionTypeId}, amount = ${amount}::numeric,
              reference = ${reference}, status_id = ${FUNDED}, funded_at = now(), user_id = ${user.id}, updated_at = now()
            where id = ${body.invoiceTransactionId}`,
      );
    } else {
      await tx.rows(
        sql`insert into invoice_transactions (invoice_id, transaction_type_id, status_id, amount, payment_type_id,
              reference, funded_at, user_id)
            values (${invoiceId}, ${body.transactionTypeId}, ${FUNDED}, ${amount}::numeric, ${invoice.paymentTypeId},
              ${reference}, now(), ${user.id})`,
      );
    }
    const marked = await tx.rows(
      sql`update invoices set funded = true, funded_at = now(), funded_by_id = ${user.id}, updated_at = now()
          where id = ${invoiceId} and not funded returning id`,
    );
    if (marked.length === 0) throw conflict(`Invoice ${invoiceId} is already funded.`);
    const details = fundingDetails(transactionTypeLabel(body.transactionTypeId), amount, reference);
    await recordInvoiceChange(tx, user, invoiceId, {
      activity: 'Invoice funded',
      details: note ? `${details}; ${note}` : details,
    });
  }

  /**
   * fundIn for many invoices at once, inside the caller's unit of work (a remittance batch): the same checks in
   * the same order per invoice (404, locked by another user, fundProblem's 409, the reference's 400, the open
   * transaction's 400/409) and, for those that pass, the same rows (transaction, funded state, history entry and
   * activity log row), written in a few statements for the whole batch. A refusal writes nothing and is answered
   * (not thrown) at its item's place: undefined there means funded. One invoice at most once per call.
   * `lockedRows`: the items' invoices as lockForFunding read them in this unit of work (locked already; an
   * invoice absent there is the 404); without them they are locked and read here.
   */
  /**
   * The invoices' row locks (id order) with everything fundMany checks, in one statement, and `extra` columns
   * over alias `r` read under the same locks (a remittance batch reads each invoice's open transaction and claim
   * with them). An unknown id is absent. Pass the rows to fundMany, in the same unit of work.
   */
  lockForFunding<E extends object = object>(
    tx: Db,
    ids: readonly number[],
    extra?: SQL,
  ): Promise<Array<FundingLock & E>> {
    return lockInvoiceRows<FundingTarget & E>(
      tx,
      ids,
      extra ? sql`${MORE_TARGET_COLUMNS}, ${extra}` : MORE_TARGET_COLUMNS,
    );
  }

  async fundMany(
    tx: Db,
    user: SessionUser,
    items: readonly FundItem[],
    lockedRows?: readonly FundingLock[],
  ): Promise<Array<HttpError | undefined>> {
    if (items.length === 0) return [];
    const ids = items.map((i) => i.invoiceId);
    if (new Set(ids).size !== ids.length) throw new Error('fundMany: an invoice twice in one batch');
    const rows = lockedRows ?? (await this.lockForFunding(tx, ids));
    const locked = new Map(rows.map((r) => [Number(r.id), r]));
    const targets: Map<number, FundingTarget> = locked;
    const txIds = items.flatMap((i) =>
      i.body.invoiceTransactionId !== undefined ? [i.body.invoiceTransactionId] : [],
    );
    const opens = new Map(
      txIds.length
        ? (
            await tx.rows<{ id: number; invoiceId: number; statusId: number }>(
              sql`select id, invoice_id as "invoiceId", status_id as "statusId" from invoice_transactions
                  where id = any(${`{${txIds.join(',')}}`}::int[]) order by id for update`,
            )
          ).map((t) => [Number(t.id), t])
        : [],
    );
    const plans = items.map((item): HttpError | (FundPlan & { target: FundingTarget }) => {
      const row = locked.get(item.invoiceId);
      if (!row) return invoiceMissing(item.invoiceId);
      const lockRefusal = invoiceWriteRefusal(row, user);
      if (lockRefusal) return lockRefusal;
      const target = targets.get(item.invoiceId) as FundingTarget;
      const open =
        item.body.invoiceTransactionId !== undefined ? opens.get(item.body.invoiceTransactionId) : undefined;
      const plan = fundCheck(item.invoiceId, target, item.body, open);
      return isRefusal(plan) ? plan : { ...plan, target };
    });
    const go = items.flatMap((item, i) => {
      const plan = plans[i];
      return isRefusal(plan) ? [] : [{ ...item, ...plan }];
    });
    if (go.length === 0) return plans.map((p) => (isRefusal(p) ? p : undefined));
    const updates = go.filter((g) => g.body.invoiceTransactionId !== undefined);
    if (updates.length) {
      const rows = JSON.stringify(
        updates.map((g) => ({
          id: g.body.invoiceTransactionId,
          type: g.body.transactionTypeId,
          amount: g.amount,
          ref: g.reference,
        })),
      );
      const done = await tx.rows(
        sql`update invoice_transactions t set transaction_type_id = v.type, amount = v.amount, reference = v.ref,
              status_id = ${FUNDED}, funded_at = now(), user_id = ${user.id}, updated_at = now()
            from jsonb_to_recordset(${rows}::jsonb) as v(id int, type int, amount numeric, ref text)
            where t.id = v.id returning t.id`,
      );
      if (done.length !== updates.length) throw new Error('fundMany: an open transaction went missing');
    }
    const inserts = go.filter((g) => g.body.invoiceTransactionId === undefined);
    if (inserts.length) {
      const rows = JSON.stringify(
        inserts.map((g, ord) => ({
          ord,
          invoice: g.invoiceId,
          type: g.body.transactionTypeId,
          amount: g.amount,
          paymentType: g.target.paymentTypeId,
          ref: g.reference,
        })),
      );
      await tx.rows(
        sql`insert into invoice_transactions (invoice_id, transaction_type_id, status_id, amount, payment_type_id,
              reference, funded_at, user_id)
            select v.invoice, v.type, ${FUNDED}, v.amount, v."paymentType", v.ref, now(), ${user.id}
            from jsonb_to_recordset(${rows}::jsonb)
              as v(ord int, invoice int, type int, amount numeric, "paymentType" int, ref text)
            order by v.ord`,
      );
    }
    const marked = await tx.rows(
      sql`update invoices set funded = true, funded_at = now(), funded_by_id = ${user.id}, updated_at = now()
          where id = any(${`{${go.map((g) => g.invoiceId).join(',')}}`}::int[]) and not funded returning id`,
    );
    // Each invoice's row lock is held and it was read unfunded under it.
    if (marked.length !== go.length) throw new Error('fundMany: an invoice was funded under its lock');
    await recordInvoiceChanges(
      tx,
      user,
      go.map((g) => {
        const details = fundingDetails(transactionTypeLabel(g.body.transactionTypeId), g.amount, g.reference);
        return {
          id: g.invoiceId,
          entry: { activity: 'Invoice funded', details: g.note ? `${details}; ${g.note}` : details },
        };
      }),
    );
    return plans.map((p) => (isRefusal(p) ? p : undefined));
  }

  async unfund(user: SessionUser, invoiceId: number, body: UnfundBody): Promise<ReconcileRow> {
    await this.db.transaction(async (tx) => {
      const invoice = await this.target(tx, invoiceId, user);
      const problem = unfundProblem(invoiceId, invoice);
      if (problem) throw conflict(problem);
      // The payment did not clear: its funded transactions become void (kept, as every transaction is).
      const voided = await tx.rows<{ id: number }>(
        sql`update invoice_transactions set status_id = ${VOID}, updated_at = now()
            where invoice_id = ${invoiceId} and status_id = ${FUNDED} returning id`,
      );
      await tx.rows(
        sql`update invoices set funded = false, funded_at = null, funded_by_id = null, updated_at = now()
            where id = ${invoiceId}`,
      );
      const ids = voided.map((t) => t.id).sort((a, b) => a - b);
      await recordInvoiceChange(tx, user, invoiceId, {
        activity: 'Invoice unfunded',
        details: `Reason: ${body.reason.trim()}${ids.length ? `; transaction ${ids.join(', ')} voided` : ''}`,
      });
    });
    return this.row(invoiceId);
  }

  /** The invoice's reconcile row as the list shows it. */
  async row(invoiceId: number): Promise<ReconcileRow> {
    const query = { $filter: `id eq ${invoiceId}` };
    const body = await runODataQuery((q) => this.db.listRows(q), reconcileResource, query, {
      baseUrl: '/api/ReconcileInvoices',
      rawQuery: query,
    });
    return (JSON.parse(body) as { value: ReconcileRow[] }).value[0];
  }
}
