import { createHmac, timingSafeEqual } from 'node:crypto';
import { can } from '@glass/domain/roles';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { forbidden, notFound } from '../../../http/errors.js';

/**
 * Signed download links for one invoice PDF (issue #15 item 5). The browser opens the PDF at a real
 * address with a file name (`/api/Invoices/3001/pdf/invoice-3001.pdf?u=…&exp=…&sig=…`) instead of a
 * `blob:` tab, without the bearer token in a URL: a signed-in reader asks for a link
 * (POST /api/Invoices/{id}/pdf/link, invoice.read), and the GET it points at is a public route that
 * checks the signature itself: an HMAC-SHA256 over (invoice id, user id, expiry) with a key derived from
 * SECRETS_KEY, valid for LINK_SECONDS. The GET also checks that the signing user is still active and
 * still holds invoice.read, so a deactivated user's or a demoted role's link stops at once.
 */
export const LINK_SECONDS = 60;

export const pdfFileName = (invoiceId: number) => `invoice-${invoiceId}.pdf`;

export const pdfLinkQuery = z.object({
  u: z.coerce.number().int().positive(),
  exp: z.coerce.number().int().positive(),
  sig: z.string().regex(/^[0-9a-f]{64}$/, 'Expected the link signature'),
});
export type PdfLinkQuery = z.infer<typeof pdfLinkQuery>;

export class PdfLinks {
  private readonly key: Buffer;

  constructor(
    private db: Database,
    secretsKey: string,
    private now: () => number = Date.now,
  ) {
    // A key of its own, so a signature here can never stand for anything else signed with SECRETS_KEY.
    this.key = createHmac('sha256', secretsKey).update('invoice-pdf-link/v1').digest();
  }

  private sign(invoiceId: number, userId: number, exp: number): string {
    return createHmac('sha256', this.key).update(`${invoiceId}.${userId}.${exp}`).digest('hex');
  }

  /** A link for this user and invoice, valid LINK_SECONDS; 404 when the invoice does not exist. */
  async create(
    invoiceId: number,
    userId: number,
  ): Promise<{ url: string; fileName: string; expiresAt: string }> {
    const [row] = await this.db.rows<{ id: number }>(sql`select id from invoices where id = ${invoiceId}`);
    if (!row) throw notFound(`Invoice ${invoiceId} was not found.`);
    const exp = Math.floor(this.now() / 1000) + LINK_SECONDS;
    const fileName = pdfFileName(invoiceId);
    const query = new URLSearchParams({
      u: String(userId),
      exp: String(exp),
      sig: this.sign(invoiceId, userId, exp),
    });
    return {
      url: `/api/Invoices/${invoiceId}/pdf/${fileName}?${query}`,
      fileName,
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  }

  /**
   * Checks a link before anything is rendered: the file name must be this invoice's, the signature this
   * server's for exactly (invoice, user, expiry), the expiry not passed (nor further ahead than a link
   * is ever made for), and the user still active with invoice.read. Every failure is the same 403.
   */
  async verify(invoiceId: number, fileName: string, q: PdfLinkQuery): Promise<void> {
    if (fileName !== pdfFileName(invoiceId)) throw notFound();
    const denied = () => forbidden('This download link is not valid or has expired. Open the PDF again.');
    const expected = Buffer.from(this.sign(invoiceId, q.u, q.exp), 'hex');
    const presented = Buffer.from(q.sig, 'hex');
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) throw denied();
    const nowSeconds = Math.floor(this.now() / 1000);
    if (q.exp < nowSeconds || q.exp > nowSeconds + LINK_SECONDS + 5) throw denied();
    const [user] = await this.db.rows<{ role: number }>(
      sql`select user_role_id as role from users where id = ${q.u} and is_active`,
    );
    if (!user || !can(user.role, 'invoice.read')) throw denied();
  }
}
