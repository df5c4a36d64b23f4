import type { PublicAnswerBody, PublicApproval } from '@glass/domain/contracts/approvals';
import { ALREADY_ANSWERED } from '@glass/domain/messages/approvals';
import {
  type ApprovalState,
  APPROVAL_CHANNEL_LABELS,
  type ApprovalChannel,
} from '@glass/domain/rules/approvals';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/unit-of-work.js';
import { asImage, type FileStore } from '../../files/file-store.js';
import { badRequest, conflict } from '../../http/errors.js';
import type { AlertPusher } from '../alerts/index.js';
import { postSystemNotice } from '../conversations/index.js';
import { lockInvoiceRow, recordCustomerAction, saveCustomerSignature } from '../invoices/index.js';
import { loadPublicInvoice } from './page-data.js';
import { InvalidLink, type RequestMeta } from './public-common.js';
import { PRICE_KEY_SQL, STATE_SQL } from './sql.js';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ApprovalRow {
  id: string;
  invoiceId: number;
  channel: ApprovalChannel;
  sentTo: string;
  sentByUserId: number | null;
  state: ApprovalState;
  voidedAt: string | null;
  pageViewedAt: string | null;
  expiresAt: string;
  responseReceivedAt: string | null;
}

/** An image from a data: URL, checked by its content like every upload (files/file-store.ts asImage). */
function signatureImage(dataUrl: string) {
  const buffer = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const image = asImage({ filename: 'signature.png', buffer });
  if (typeof image === 'string') throw badRequest('signature', image);
  return { ...image, field: 'signature' };
}

/**
 * The public approval page (/sign-approval/{guid}): what the customer sees, and their one answer. A
 * link that is unknown, expired or voided (replaced, re-priced, invoice void or lost) throws InvalidLink,
 * which every route answers with the same neutral 404.
 */
export class PublicApprovalService {
  constructor(
    private db: Database,
    private files: FileStore,
    private hub: AlertPusher,
  ) {}

  private async find(db: Db, id: string, lock = false): Promise<ApprovalRow> {
    if (!GUID.test(id)) throw new InvalidLink();
    const [row] = await db.rows<ApprovalRow>(
      sql`select a.id, a.invoice_id as "invoiceId", a.channel, a.sent_to as "sentTo", a.sent_by_user_id as "sentByUserId",
            ${sql.raw(STATE_SQL())} as state, a.voided_at as "voidedAt", a.page_viewed_at as "pageViewedAt",
            a.expires_at as "expiresAt", a.response_received_at as "responseReceivedAt"
          from customer_approvals a join invoices i on i.id = a.invoice_id
          where a.id = ${id}::uuid ${lock ? sql`for update of a` : sql``}`,
    );
    if (!row) throw new InvalidLink();
    if (row.state === 'voided' || row.state === 'expired') {
      // A re-priced invoice voids the request the moment anyone looks: record when, once.
      if (row.state === 'voided' && !row.voidedAt) await markRepriced(db, [row.invoiceId]);
      throw new InvalidLink();
    }
    return row;
  }

  /** The page; the first view is recorded (pageViewedAt, with the address and browser). */
  async view(id: string, meta: RequestMeta): Promise<PublicApproval> {
    const row = await this.find(this.db, id);
    if (!row.pageViewedAt) {
      await this.db.rows(
        sql`update customer_approvals set page_viewed_at = now(), client_ip = ${meta.ip}, user_agent = ${meta.userAgent}
            where id = ${row.id}::uuid and page_viewed_at is null`,
      );
    }
    return this.page(this.db, row);
  }

  private async page(db: Db, row: ApprovalRow): Promise<PublicApproval> {
    const page = await loadPublicInvoice(db, this.files, row.invoiceId);
    if (!page) throw new InvalidLink();
    const answered = row.state === 'approved' || row.state === 'declined' ? row.state : null;
    return {
      state: answered ?? 'open',
      brand: page.brand,
      customerFirstName: page.customerFirstName,
      // An answered request shows only the thanks: the work may have changed since.
      work: answered ? null : page.work,
      expiresAt: row.expiresAt,
      answeredAt: row.responseReceivedAt,
    };
  }

  /**
   * The customer's answer, once: approve (with the signature drawn or typed) or decline, with optional
   * comments. Stored with responseReceivedAt, the address and browser; an approval's signature goes to the
   * file store and the invoice's signatures (so into its PDF). The invoice's history records it and the
   * requester gets a NewMessage alert in a system conversation about the invoice. A second answer is a 409
   * with a polite text.
   */
  async answer(id: string, body: PublicAnswerBody, meta: RequestMeta): Promise<PublicApproval> {
    const image = body.response === 'approve' && body.signature ? signatureImage(body.signature) : undefined;
    await this.db.transaction(async (tx) => {
      const first = await this.find(tx, id);
      // The invoice first, then the request: the order staff's requests lock them in.
      await lockInvoiceRow(tx, first.invoiceId);
      const row = await this.find(tx, id, true);
      if (row.state === 'approved' || row.state === 'declined') throw conflict(ALREADY_ANSWERED);
      const approved = body.response === 'approve';
      const path = image
        ? await saveCustomerSignature(tx, this.files, row.invoiceId, {
            kind: 'approval',
            image,
            signerName: body.signerName || null,
            clientIp: meta.ip,
            userAgent: meta.userAgent,
          })
        : null;
      const comments = body.comments?.trim() || null;
      await tx.rows(
        sql`update customer_approvals set response_received_at = now(), response = ${approved ? 'Approved' : 'Declined'},
              response_comments = ${comments}, approved = ${approved}, declined = ${!approved},
              page_viewed_at = coalesce(page_viewed_at, now()), client_ip = ${meta.ip}, user_agent = ${meta.userAgent},
              signature_path = ${path}, signer_name = ${body.signerName || null}
            where id = ${row.id}::uuid`,
      );
      const page = await loadPublicInvoice(tx, this.files, row.invoiceId);
      const customer = page?.facts.customerName || 'The customer';
      const what = approved ? 'approved' : 'declined';
      await recordCustomerAction(tx, row.invoiceId, {
        activity: `Customer ${what} the work`,
        details: [
          `${APPROVAL_CHANNEL_LABELS[row.channel]} to ${row.sentTo}`,
          body.signerName ? `signed by ${body.signerName}` : null,
          comments ? `comments: ${comments}` : null,
        ]
          .filter(Boolean)
          .join('; '),
        params: { approvalId: row.id },
        contact: true,
      });
      if (row.sentByUserId) {
        await postSystemNotice(tx, this.hub, {
          userId: row.sentByUserId,
          subject: `Customer ${what} invoice ${row.invoiceId}`,
          message: `${customer} ${what} the work on invoice ${row.invoiceId}${comments ? `: "${comments}"` : '.'}`,
          record: { recordType: 'Invoice', recordId: row.invoiceId },
          senderName: customer,
        });
      }
    });
    return this.page(this.db, await this.find(this.db, id));
  }
}

/**
 * Voids (records voided_at) the unanswered, still open requests of these invoices whose price moved on
 * since they were sent: the invoices' money listener (invoices/money.ts) calls it after a write changed the
 * stored total, in the write's unit of work. The state is derived from the price either way (sql.ts); this
 * records when, and why.
 */
export async function markRepriced(db: Db, invoiceIds: readonly number[]): Promise<void> {
  await db.rows(
    sql`update customer_approvals a set voided_at = now(), void_reason = 'The invoice''s price changed'
        from invoices i
        where i.id = a.invoice_id and a.invoice_id in (select value::int from json_array_elements_text(${JSON.stringify(invoiceIds)}::json))
          and not a.approved and not a.declined and a.voided_at is null
          and a.price_key is not null and a.price_key <> (${sql.raw(PRICE_KEY_SQL())})`,
  );
}
