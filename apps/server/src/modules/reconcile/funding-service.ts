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
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/unit-of-work.js';
import { badRequest, conflict } from '../../http/errors.js';
import { runODataQuery } from '../../odata/index.js';
import { loadInvoiceForWrite, recordInvoiceChange } from '../invoices/index.js';
import { reconcileResource } from './resource.js';

/** Invoice transaction statuses (invoices transactions-service): 0 open, 1 funded, 2 void. */
const OPEN = 0;
const FUNDED = 1;
const VOID = 2;

interface FundingTarget {
  funded: boolean;
  void: boolean;
  lost: boolean;
  totalCost: string;
  paymentTypeId: number;
  referenceNumber: string | null;
  depositId: number | null;
}

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
      sql`select i.funded, i.void, i.lost, i.total_cost::text as "totalCost", i.payment_type_id as "paymentTypeId",
            i.reference_number as "referenceNumber",
            (select d.deposit_invoice_id from deposit_invoice_items d where d.invoice_id = i.id) as "depositId"
          from invoices i where i.id = ${invoiceId}`,
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
    const problem = fundProblem(invoiceId, invoice);
    if (problem) throw conflict(problem);
    const reference = body.reference?.trim() || invoice.referenceNumber?.trim() || null;
    const refProblem = referenceProblem(invoice.paymentTypeId, reference);
    if (refProblem) throw badRequest('reference', refProblem);
    const amount = centsText(toCents(body.amount));
    if (body.invoiceTransactionId !== undefined) {
      const [open] = await tx.rows<{ statusId: number }>(
        sql`select status_id as "statusId" from invoice_transactions
            where id = ${body.invoiceTransactionId} and invoice_id = ${invoiceId} for update`,
      );
      if (!open)
        throw badRequest(
          'invoiceTransactionId',
          `Transaction ${body.invoiceTransactionId} is not a transaction of invoice ${invoiceId}.`,
        );
      if (open.statusId !== OPEN)
        throw conflict(`Transaction ${body.invoiceTransactionId} is not open; it cannot be funded.`);
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
