import type { InvoiceTransaction } from '@glass/domain/contracts/invoices';
import { referenceProblem, TRANSACTION_TYPE_OPTIONS, transactionTypeLabel } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/sessions.js';
import type { Database } from '../../../db/client.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { assertInvoiceExists, loadInvoiceForWrite, recordInvoiceChange } from '../invoice-record.js';
import type { TransactionBody, TransactionUpdate } from '../schemas.js';
import type { Db } from '../../../db/unit-of-work.js';

/** Transaction statuses (spec 2 §3 "transactions with types and status"). */
export const TransactionStatus = { Open: 0, Funded: 1, Void: 2 } as const;
const STATUS_NAME = ['Open', 'Funded', 'Void'];
/** A trusted SQL text array of labels; `(labels)[n]` is the label of n (1-based). */
const labels = (names: readonly string[]) =>
  sql.raw(`(array[${names.map((n) => `'${n.replaceAll("'", "''")}'`).join(', ')}])`);
// Transaction type ids are 1..3 in the domain's order.
const TYPE_NAMES = labels(TRANSACTION_TYPE_OPTIONS.map((o) => o.label));

const COLUMNS = sql`t.id, t.invoice_id as "invoiceId", t.transaction_type_id as "transactionTypeId",
  ${TYPE_NAMES}[t.transaction_type_id] as "transactionType", t.status_id as "statusId",
  ${labels(STATUS_NAME)}[t.status_id + 1] as status, t.amount::float8 as amount,
  t.payment_type_id as "paymentTypeId", t.reference, t.funded_at as "fundedAt", t.created_at as "createdAt",
  (select json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name) from users u where u.id = t.user_id) as user`;

type TransactionRow = InvoiceTransaction;

/**
 * Money movements of an invoice. They are payments, not edits of the invoice, so they are allowed on
 * finalized invoices (funding comes after finalizing); the lock still applies. A void transaction is
 * final; a funded one can only be voided (amount fixed); funding stamps fundedAt. The invoice's own
 * `funded` flag is left to reconcile and deposits.
 */
export class InvoiceTransactionService {
  constructor(private db: Database) {}

  async list(invoiceId: number) {
    await assertInvoiceExists(this.db, invoiceId);
    return this.db.rows<InvoiceTransaction>(
      sql`select ${COLUMNS} from invoice_transactions t where t.invoice_id = ${invoiceId}
          order by t.created_at desc, t.id desc`,
    );
  }

  add(user: SessionUser, body: TransactionBody) {
    const problem = referenceProblem(body.paymentTypeId, body.reference);
    if (problem) throw badRequest('reference', problem);
    return this.db.transaction(async (tx) => {
      await loadInvoiceForWrite(tx, body.invoiceId, user);
      const [row] = await tx.rows<{ id: number }>(
        sql`insert into invoice_transactions (invoice_id, transaction_type_id, amount, payment_type_id, reference, user_id)
            values (${body.invoiceId}, ${body.transactionTypeId}, ${body.amount}, ${body.paymentTypeId ?? null},
                    ${body.reference || null}, ${user.id}) returning id`,
      );
      await recordInvoiceChange(tx, user, body.invoiceId, {
        activity: 'Transaction added',
        details: `${transactionTypeLabel(body.transactionTypeId)} ${body.amount.toFixed(2)}`,
      });
      return this.one(tx, row.id);
    });
  }

  update(user: SessionUser, id: number, body: TransactionUpdate) {
    return this.db.transaction(async (tx) => {
      const before = await this.one(tx, id);
      await loadInvoiceForWrite(tx, before.invoiceId, user);
      const problem = this.transitionProblem(before, body);
      if (problem) throw conflict(problem);
      const statusId = body.statusId ?? before.statusId;
      const reference = body.reference === undefined ? before.reference : body.reference || null;
      const amount = body.amount ?? before.amount;
      const refProblem = referenceProblem(before.paymentTypeId, reference);
      if (refProblem) throw badRequest('reference', refProblem);
      const changes = [
        statusId !== before.statusId && `status: ${STATUS_NAME[before.statusId]} → ${STATUS_NAME[statusId]}`,
        amount !== before.amount && `amount: ${before.amount} → ${amount}`,
        reference !== before.reference &&
          `reference: ${before.reference ?? '(none)'} → ${reference ?? '(none)'}`,
      ].filter(Boolean);
      if (changes.length === 0) return before;
      await tx.rows(
        sql`update invoice_transactions set status_id = ${statusId}, amount = ${amount}, reference = ${reference},
              funded_at = case when ${statusId}::int = ${TransactionStatus.Funded} then coalesce(funded_at, now()) else funded_at end,
              updated_at = now()
            where id = ${id}`,
      );
      await recordInvoiceChange(tx, user, before.invoiceId, {
        activity: 'Transaction updated',
        details: `Transaction ${id}: ${changes.join('; ')}`,
      });
      return this.one(tx, id);
    });
  }

  private transitionProblem(before: TransactionRow, body: TransactionUpdate): string | undefined {
    if (before.statusId === TransactionStatus.Void)
      return `Transaction ${before.id} is void; it cannot be changed.`;
    if (before.statusId === TransactionStatus.Funded) {
      if (body.statusId === TransactionStatus.Open) {
        return `Transaction ${before.id} is funded; it can only be voided.`;
      }
      if (body.amount !== undefined && body.amount !== before.amount) {
        return `Transaction ${before.id} is funded; its amount cannot be changed.`;
      }
    }
    return undefined;
  }

  private async one(tx: Db, id: number) {
    const [row] = await tx.rows<TransactionRow>(
      sql`select ${COLUMNS} from invoice_transactions t where t.id = ${id}`,
    );
    if (!row) throw notFound(`Invoice transaction ${id} not found.`);
    return row;
  }
}
