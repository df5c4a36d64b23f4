import { randomUUID } from 'node:crypto';
import type { CustomerApprovalRow, RequestedApproval } from '@glass/domain/contracts/approvals';
import {
  approvalDoNotEmail,
  approvalDoNotText,
  approvalInvoiceClosed,
  approvalOptedOutEmails,
  approvalOptedOutTexts,
  approvalRequested,
} from '@glass/domain/messages/approvals';
import {
  type ApprovalChannel,
  approvalLinkDays,
  approvalPriceKey,
  optInStates,
} from '@glass/domain/rules/approvals';
import { toCents } from '@glass/domain/rules/invoice-money';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/unit-of-work.js';
import type { FileStore } from '../../files/file-store.js';
import { conflict, notFound } from '../../http/errors.js';
import { runODataQuery } from '../../odata/index.js';
import { publicUrl } from '../../public-url.js';
import { loadSendContext, lockInvoiceRow, recordInvoiceChange } from '../invoices/index.js';
import { queueNotices } from '../notify/index.js';
import { composeApproval, optInEmailLine, optInText } from './compose.js';
import { latestConsent, optInLinkFor } from './opt-in.js';
import { customerApprovalsResource } from './resource.js';

export interface ApprovalRequest {
  invoiceId: number;
  channel: ApprovalChannel;
  /** Phone digits or an e-mail address. */
  to: string;
}

/** Days a link stays valid: the option ApprovalLinkValidDays (default 14, rules/approvals.ts). */
export async function linkValidDays(db: Db): Promise<number> {
  const [row] = await db.rows<{ value: string }>(
    sql`select value from options where name = 'ApprovalLinkValidDays'`,
  );
  return approvalLinkDays(row?.value);
}

/**
 * Staff's side of customer approvals: asking by text or e-mail (spec 2 §7 requestApprovalSms /
 * requestApprovalEmail), reading one request and its signature.
 */
export class ApprovalRequestService {
  constructor(
    private db: Database,
    private config: Config,
    private files: FileStore,
  ) {}

  /**
   * Creates the request (a random v4 guid from the system's CSPRNG: the link's only secret) and queues its
   * message in one unit of work, under the invoice's row lock so the price it is sent for is the price
   * stored: refused (409) for a void or lost invoice, a customer who asked not to be texted or e-mailed or
   * opted out of the channel, or (e-mail) a brand without an active mailbox. Open earlier requests of the
   * invoice are voided (one open link per invoice). The first text to a new number, or e-mail to a new
   * address, of a customer whose consent is unknown is preceded by the opt-in link. History: 'Approval
   * request texted/e-mailed to …' (a customer contact).
   */
  async request(user: SessionUser, req: ApprovalRequest): Promise<RequestedApproval> {
    const done = await this.db.transaction(async (tx) => {
      const state = await lockInvoiceRow(tx, req.invoiceId);
      if (state.void || state.lost) throw conflict(approvalInvoiceClosed(req.invoiceId));
      const ctx = await loadSendContext(tx, req.invoiceId);
      const [inv] = await tx.rows<{ customerId: number | null; total: string; deductible: string | null }>(
        sql`select coalesce(customer_id, buyer_id) as "customerId", total_cost::text as total,
              deductible_amount::text as deductible from invoices where id = ${req.invoiceId}`,
      );
      const consent = optInStates(inv.customerId ? await latestConsent(tx, inv.customerId) : undefined);
      if (req.channel === 'sms') {
        if (consent.texts === 'out') throw conflict(approvalOptedOutTexts(req.invoiceId));
        if (ctx.customer?.doNotText) throw conflict(approvalDoNotText(req.invoiceId));
      } else {
        if (consent.emails === 'out') throw conflict(approvalOptedOutEmails(req.invoiceId));
        if (ctx.customer?.doNotEmail) throw conflict(approvalDoNotEmail(req.invoiceId));
      }
      const id = randomUUID();
      const link = publicUrl(this.config, `/sign-approval/${id}`);
      const message = await composeApproval(tx, ctx, user, req.channel, link);
      const optInLink = inv.customerId
        ? await optInLinkFor(tx, this.config, {
            customerId: inv.customerId,
            invoiceId: req.invoiceId,
            ...(req.channel === 'sms' ? { phone: req.to } : { email: req.to }),
          })
        : undefined;
      const record = { recordType: 'Invoice', recordId: req.invoiceId };
      const notices: Parameters<typeof queueNotices>[1] = [];
      if (optInLink && req.channel === 'sms') {
        notices.push({
          channel: 'sms',
          to: req.to,
          body: optInText(ctx.brandName ?? ctx.facility, optInLink),
          ...record,
        });
      }
      notices.push({
        channel: req.channel,
        to: req.to,
        subject: message.subject,
        body:
          optInLink && req.channel === 'email'
            ? `${message.body}\n\n${optInEmailLine(optInLink)}`
            : message.body,
        mailboxId: message.mailboxId,
        ...record,
      });
      const outboxIds = await queueNotices(tx, notices);
      await tx.rows(
        sql`update customer_approvals set voided_at = now(), void_reason = 'Replaced by a newer request'
            where invoice_id = ${req.invoiceId} and not approved and not declined and voided_at is null
              and expires_at > now()`,
      );
      const days = await linkValidDays(tx);
      const priceKey = approvalPriceKey({ total: toCents(inv.total), deductible: toCents(inv.deductible) });
      await tx.rows(
        sql`insert into customer_approvals (id, invoice_id, channel, sent_to, sent_by_user_id, outbox_id, expires_at, price_key)
            values (${id}::uuid, ${req.invoiceId}, ${req.channel}, ${req.to}, ${user.id}, ${outboxIds.at(-1) ?? null},
                    now() + make_interval(days => ${days}::int), ${priceKey})`,
      );
      await recordInvoiceChange(tx, user, req.invoiceId, {
        activity: approvalRequested(req.channel, req.to),
        details: message.subject ? `${message.subject}: ${message.body}` : message.body,
        params: { approvalId: id, outboxId: outboxIds.at(-1) },
        contact: true,
      });
      return { id, link, optInLinkSent: optInLink !== undefined };
    });
    const row = await this.row(done.id);
    if (!row) throw notFound(`Approval ${done.id} not found.`);
    return { ...row, link: done.link, optInLinkSent: done.optInLinkSent };
  }

  /** One request as the list shows it. */
  async row(id: string): Promise<CustomerApprovalRow | undefined> {
    const query = { $filter: `id eq ${id}` };
    const body = await runODataQuery((q) => this.db.listRows(q), customerApprovalsResource, query, {
      baseUrl: '/api/customerApprovals',
      rawQuery: query,
    });
    return JSON.parse(body).value[0];
  }

  /** The customer's signature of an approved request (PNG); 404 when unknown or unsigned. */
  async signature(id: string): Promise<Buffer> {
    const [row] = await this.db.rows<{ path: string | null }>(
      sql`select signature_path as path from customer_approvals where id = ${id}::uuid`,
    );
    if (!row?.path) throw notFound(`Approval ${id} has no signature.`);
    const file = await this.files.read(row.path);
    if (!file) throw notFound(`Approval ${id} has no signature.`);
    return file.data;
  }
}
