import { createHmac, timingSafeEqual } from 'node:crypto';
import type { InitiateLink, PublicInitiate, PublicInitiateBody } from '@glass/domain/contracts/approvals';
import { approvalInvoiceClosed, INITIATE_ALREADY_SIGNED } from '@glass/domain/messages/approvals';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/unit-of-work.js';
import { asImage, type FileStore } from '../../files/file-store.js';
import { audit } from '../../http/audit.js';
import { badRequest, conflict } from '../../http/errors.js';
import { publicUrl } from '../../public-url.js';
import { lockInvoiceRow, recordCustomerAction, saveCustomerSignature } from '../invoices/index.js';
import { loadPublicInvoice } from './page-data.js';
import { InvalidLink, type RequestMeta } from './public-common.js';
import { linkValidDays } from './request-service.js';

const NUMERIC_ID = /^[1-9]\d{0,9}$/;
/** `<expiry in unix seconds>.<HMAC-SHA256, base64url>` */
const TOKEN = /^(\d{10,11})\.([A-Za-z0-9_-]{43})$/;
/** A link is never made for longer than a year (the option allows 365 days). */
const MAX_AHEAD_SECONDS = 366 * 24 * 3600;

/**
 * The initiate-invoice page (/sign-initiate/{id}?t=…): the customer's authorisation to start the work.
 * The id is numeric and guessable, so the page opens only with the token its link carries: the expiry and
 * an HMAC-SHA256 over (invoice id, expiry) with a key derived from SECRETS_KEY for this purpose only, so a
 * token opens exactly one invoice until it expires, on every server process. Without a valid token, for an
 * unknown invoice, or one that is void or lost, the page is the neutral invalid-link page (nothing tells
 * whether the invoice exists). Signing follows POST invoices/{id}/signature (a PNG; refused once
 * finalized), signs the invoice and writes its history; an invoice already signed says so politely.
 */
export class InitiateService {
  private readonly key: Buffer;

  constructor(
    private db: Database,
    private config: Config,
    private files: FileStore,
    private now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', config.secretsKey).update('sign-initiate/v1').digest();
  }

  private sign(invoiceId: number, exp: number): Buffer {
    return createHmac('sha256', this.key).update(`${invoiceId}.${exp}`).digest();
  }

  /** The link staff show (as a QR code) or send: valid ApprovalLinkValidDays; 404 unknown, 409 void/lost. */
  async createLink(user: SessionUser, invoiceId: number): Promise<InitiateLink> {
    return this.db.transaction(async (tx) => {
      const state = await lockInvoiceRow(tx, invoiceId);
      if (state.void || state.lost) throw conflict(approvalInvoiceClosed(invoiceId));
      const days = await linkValidDays(tx);
      const exp = Math.floor(this.now() / 1000) + days * 24 * 3600;
      const token = `${exp}.${this.sign(invoiceId, exp).toString('base64url')}`;
      await audit(tx, user, {
        activity: 'Initiate signature link created',
        type: 'action',
        recordType: 'Invoice',
        recordId: invoiceId,
      });
      return {
        url: publicUrl(this.config, `/sign-initiate/${invoiceId}?t=${token}`),
        expiresAt: new Date(exp * 1000).toISOString(),
      };
    });
  }

  /** The invoice id a request may open, or InvalidLink (same for every cause). */
  private verify(rawId: string, token: string | undefined): number {
    if (!NUMERIC_ID.test(rawId) || !token) throw new InvalidLink();
    const m = TOKEN.exec(token);
    if (!m) throw new InvalidLink();
    const id = Number(rawId);
    const exp = Number(m[1]);
    const presented = Buffer.from(m[2], 'base64url');
    const expected = this.sign(id, exp);
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected))
      throw new InvalidLink();
    const nowSeconds = Math.floor(this.now() / 1000);
    if (exp <= nowSeconds || exp > nowSeconds + MAX_AHEAD_SECONDS) throw new InvalidLink();
    return id;
  }

  async view(rawId: string, token: string | undefined): Promise<PublicInitiate> {
    return this.page(this.db, this.verify(rawId, token));
  }

  private async page(db: Db, invoiceId: number): Promise<PublicInitiate> {
    const page = await loadPublicInvoice(db, this.files, invoiceId);
    if (!page || page.facts.void || page.facts.lost) throw new InvalidLink();
    const [signed] = await db.rows<{ signedAt: string | null }>(
      sql`select (select max(s.signed_at) from invoice_signatures s
                  where s.invoice_id = i.id and s.kind in ('invoice', 'initiate')) as "signedAt"
          from invoices i where i.id = ${invoiceId} and i.signed`,
    );
    return {
      state: signed ? 'signed' : 'open',
      brand: page.brand,
      customerFirstName: page.customerFirstName,
      work: signed ? null : page.work,
      signedAt: signed?.signedAt ?? null,
    };
  }

  async signature(rawId: string, token: string | undefined, body: PublicInitiateBody, meta: RequestMeta) {
    const invoiceId = this.verify(rawId, token);
    const image = asImage({
      filename: 'signature.png',
      buffer: Buffer.from(body.signature.slice(body.signature.indexOf(',') + 1), 'base64'),
    });
    if (typeof image === 'string') throw badRequest('signature', image);
    await this.db.transaction(async (tx) => {
      const state = await lockInvoiceRow(tx, invoiceId).catch(() => {
        throw new InvalidLink();
      });
      if (state.void || state.lost) throw new InvalidLink();
      const [row] = await tx.rows<{ signed: boolean }>(
        sql`select signed from invoices where id = ${invoiceId}`,
      );
      if (row.signed) throw conflict(INITIATE_ALREADY_SIGNED);
      await saveCustomerSignature(tx, this.files, invoiceId, {
        kind: 'initiate',
        image: { ...image, field: 'signature' },
        signerName: body.signerName || null,
        clientIp: meta.ip,
        userAgent: meta.userAgent,
      });
      await recordCustomerAction(tx, invoiceId, {
        activity: 'Signed by the customer (initiate page)',
        details: body.signerName ? `signed by ${body.signerName}` : null,
      });
    });
    return this.page(this.db, invoiceId);
  }
}
