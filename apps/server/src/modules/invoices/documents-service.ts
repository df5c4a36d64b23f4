import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Config } from '../../config.js';
import type { Database, Orm } from '../../db/client.js';
import { type CheckedImage, FileStore } from '../../files/file-store.js';
import { audit } from '../../http/audit.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { loadPdfInvoice } from './pdf-data.js';
import { renderInvoicePdf } from './pdf-render.js';
import { inTx, invoiceMissing, loadInvoiceForWrite, recordInvoiceChange } from './records.js';
import { finalizedProblem } from './workflow.js';

export const SIGNATURE_FIELD = 'Signature';
export const SIGNATURE_NOT_PNG = 'The signature must be a PNG image';

export interface StoredPdf {
  id: number;
  path: string;
  invoiceId: number;
}

/**
 * Invoice documents: every PDF render is kept (file store + invoice_pdfs) so previous versions stay
 * available; signatures (kind 'invoice') are PNG images, the latest one counts.
 */
export class InvoiceDocumentService {
  readonly files: FileStore;

  constructor(
    private db: Database,
    config: Config,
  ) {
    this.files = new FileStore(db, config);
  }

  /** Renders the invoice as it stands (reads only: call it outside a transaction). 404 when unknown. */
  async render(invoiceId: number): Promise<Buffer> {
    return renderInvoicePdf(await loadPdfInvoice(this.db, invoiceId), this.files);
  }

  /** Renders the invoice and stores the PDF as a new version; answers the bytes. */
  async renderPdf(user: SessionUser, invoiceId: number): Promise<Buffer> {
    const pdf = await this.render(invoiceId);
    await this.inTxWithFiles((tx, written) => this.storePdf(tx, user, invoiceId, pdf, written));
    return pdf;
  }

  /**
   * Stores a rendered PDF (file store + invoice_pdfs) in the caller's transaction; the file's path is
   * added to `written` (see inTxWithFiles).
   */
  async storePdf(tx: Orm, user: SessionUser, invoiceId: number, pdf: Buffer, written: string[]) {
    const upload = { filename: `invoice-${invoiceId}.pdf`, buffer: pdf, mime: 'application/pdf', ext: 'pdf' };
    const owner = { ownerUserId: user.id, ownerType: 'Invoice', ownerId: invoiceId };
    const path = await this.files.saveImage(tx, upload, `invoices/${invoiceId}`, owner, written);
    const [row] = await this.db.rows<StoredPdf>(
      sql`insert into invoice_pdfs (invoice_id, path, user_id) values (${invoiceId}, ${path}, ${user.id})
          returning id, path, invoice_id as "invoiceId"`,
      tx,
    );
    await audit(this.db, tx, user, {
      activity: 'Invoice PDF created',
      type: 'create',
      recordType: 'Invoice',
      recordId: invoiceId,
      details: { path },
    });
    return row;
  }

  /** A transaction that writes files: the files are removed again when it does not commit. */
  async inTxWithFiles<T>(fn: (tx: Orm, written: string[]) => Promise<T>): Promise<T> {
    const written: string[] = [];
    try {
      return await inTx(this.db, (tx) => fn(tx, written));
    } catch (e) {
      await this.files.discard(written);
      throw e;
    }
  }

  previousPdfs(invoiceId: number) {
    return this.ensureInvoice(invoiceId).then(() =>
      this.db.rows(
        sql`select p.id, p.created_at as "createdAt", p.path,
              (select json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name)
               from users u where u.id = p.user_id) as "user"
            from invoice_pdfs p where p.invoice_id = ${invoiceId} order by p.created_at desc, p.id desc`,
      ),
    );
  }

  /** The bytes of a stored PDF: the latest one, or the one with pdfId; 404 when none. */
  async storedPdf(invoiceId: number, pdfId?: number): Promise<Buffer> {
    await this.ensureInvoice(invoiceId);
    const [row] = await this.db.rows<{ path: string }>(
      sql`select path from invoice_pdfs where invoice_id = ${invoiceId}
          ${pdfId === undefined ? sql`` : sql`and id = ${pdfId}`}
          order by created_at desc, id desc limit 1`,
    );
    if (!row)
      throw notFound(
        pdfId === undefined
          ? `Invoice ${invoiceId} has no PDF yet.`
          : `PDF ${pdfId} of invoice ${invoiceId} not found.`,
      );
    return this.readStored(row.path);
  }

  /** Saves a signature taken in person: signed = true, history 'Signed'. */
  async saveSignature(user: SessionUser, invoiceId: number, image: CheckedImage) {
    if (image.mime !== 'image/png') throw badRequest(SIGNATURE_FIELD, SIGNATURE_NOT_PNG);
    await this.inTxWithFiles(async (tx, written) => {
      const target = await loadInvoiceForWrite(this.db, tx, invoiceId, user);
      if (target.finalized) throw conflict(finalizedProblem(invoiceId));
      const owner = { ownerUserId: user.id, ownerType: 'Invoice', ownerId: invoiceId };
      const path = await this.files.saveImage(tx, image, `invoices/${invoiceId}/signatures`, owner, written);
      await this.db.rows(
        sql`insert into invoice_signatures (invoice_id, kind, path) values (${invoiceId}, 'invoice', ${path})`,
        tx,
      );
      await this.db.rows(
        sql`update invoices set signed = true, signature_path = ${path}, updated_at = now() where id = ${invoiceId}`,
        tx,
      );
      await recordInvoiceChange(this.db, tx, user, invoiceId, { activity: 'Signed', params: { path } });
    });
  }

  /** The latest invoice signature `{path, signedAt}` (both null when unsigned). */
  async signaturePath(invoiceId: number): Promise<{ path: string | null; signedAt: string | null }> {
    await this.ensureInvoice(invoiceId);
    const [row] = await this.db.rows<{ path: string; signedAt: string }>(
      sql`select path, signed_at as "signedAt" from invoice_signatures
          where invoice_id = ${invoiceId} and kind = 'invoice' order by signed_at desc, id desc limit 1`,
    );
    return row ?? { path: null, signedAt: null };
  }

  async signatureImage(invoiceId: number): Promise<Buffer> {
    const { path } = await this.signaturePath(invoiceId);
    if (!path) throw notFound(`Invoice ${invoiceId} is not signed.`);
    return this.readStored(path);
  }

  private async readStored(rel: string): Promise<Buffer> {
    const file = await this.files.find(rel);
    if (!file) throw notFound(`File ${rel} is missing from the file store.`);
    return fs.readFile(file.absolutePath);
  }

  private async ensureInvoice(invoiceId: number) {
    const [row] = await this.db.rows(sql`select 1 from invoices where id = ${invoiceId}`);
    if (!row) throw invoiceMissing(invoiceId);
  }
}
