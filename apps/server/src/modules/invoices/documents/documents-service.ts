import type { InvoicePdfVersion } from '@glass/domain/contracts/invoices';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/sessions.js';
import type { Config } from '../../../config.js';
import type { Database } from '../../../db/client.js';
import { type CheckedImage, FileStore } from '../../../files/file-store.js';
import { audit } from '../../../http/audit.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { loadPdfInvoice } from './pdf-data.js';
import { renderInvoicePdf } from './pdf-render.js';
import {
  invoiceMissing,
  loadInvoiceForWrite,
  lockInvoiceRow,
  recordInvoiceChange,
} from '../invoice-record.js';
import { finalizedProblem } from '../workflow/workflow.js';
import type { Db } from '../../../db/unit-of-work.js';

export const SIGNATURE_FIELD = 'Signature';
export const SIGNATURE_NOT_PNG = 'The signature must be a PNG image';

export interface StoredPdf {
  id: number;
  path: string;
  invoiceId: number;
}

/**
 * Invoice documents: a PDF is kept (file store + invoice_pdfs) when the invoice is e-mailed and when a
 * writer asks to keep one, so previous versions stay available; viewing only renders. Signatures
 * (kind 'invoice') are PNG images, the latest one counts.
 */
export class InvoiceDocumentService {
  readonly files: FileStore;

  constructor(
    private db: Database,
    private config: Config,
  ) {
    this.files = new FileStore(db, config);
  }

  /** Renders the invoice as it stands (reads only: call it outside a transaction). 404 when unknown. */
  async render(invoiceId: number): Promise<Buffer> {
    return renderInvoicePdf(await loadPdfInvoice(this.db, invoiceId), this.files);
  }

  /**
   * Renders the invoice inside a unit of work, its reads joining it: for a PDF that must show the work's own
   * changes (a PATCH that edits and submits at once). Holds the work open while it renders: prefer `render`.
   */
  async renderIn(tx: Db, invoiceId: number): Promise<Buffer> {
    return renderInvoicePdf(await loadPdfInvoice(tx, invoiceId), new FileStore(tx, this.config));
  }

  /**
   * Renders the invoice and keeps the PDF as a new version (POST .../pdf, invoice.write); answers the
   * stored row as the previous-PDFs list shows it. Viewing (GET .../pdf) only renders: a read writes
   * nothing.
   */
  async keepPdf(user: SessionUser, invoiceId: number) {
    const pdf = await this.render(invoiceId);
    const stored = await this.db.transaction((tx) => this.storePdf(tx, user, invoiceId, pdf));
    const [row] = await this.db.rows<{ id: number; createdAt: string; path: string }>(
      sql`select id, created_at as "createdAt", path from invoice_pdfs where id = ${stored.id}`,
    );
    return row;
  }

  /**
   * Stores a rendered PDF (file store + invoice_pdfs) in the caller's unit of work; the file deletes
   * itself if that work rolls back.
   */
  async storePdf(tx: Db, user: SessionUser, invoiceId: number, pdf: Buffer) {
    const upload = { filename: `invoice-${invoiceId}.pdf`, buffer: pdf, mime: 'application/pdf', ext: 'pdf' };
    const owner = { ownerUserId: user.id, ownerType: 'Invoice', ownerId: invoiceId };
    const path = await this.files.saveImage(tx, upload, `invoices/${invoiceId}`, owner);
    const [row] = await tx.rows<StoredPdf>(
      sql`insert into invoice_pdfs (invoice_id, path, user_id) values (${invoiceId}, ${path}, ${user.id})
          returning id, path, invoice_id as "invoiceId"`,
    );
    await audit(tx, user, {
      activity: 'Invoice PDF created',
      type: 'create',
      recordType: 'Invoice',
      recordId: invoiceId,
      details: { path },
    });
    return row;
  }

  previousPdfs(invoiceId: number) {
    return this.ensureInvoice(invoiceId).then(() =>
      this.db.rows<InvoicePdfVersion>(
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
    await this.db.transaction(async (tx) => {
      const target = await loadInvoiceForWrite(tx, invoiceId, user);
      if (target.finalized) throw conflict(finalizedProblem(invoiceId));
      const owner = { ownerUserId: user.id, ownerType: 'Invoice', ownerId: invoiceId };
      const path = await this.files.saveImage(tx, image, `invoices/${invoiceId}/signatures`, owner);
      await tx.rows(
        sql`insert into invoice_signatures (invoice_id, kind, path) values (${invoiceId}, 'invoice', ${path})`,
      );
      await tx.rows(
        sql`update invoices set signed = true, signature_path = ${path}, updated_at = now() where id = ${invoiceId}`,
      );
      await recordInvoiceChange(tx, user, invoiceId, { activity: 'Signed', params: { path } });
    });
  }

  /**
   * The latest invoice signature `{path, signedAt}` (both null when unsigned): taken in person, or signed by
   * the customer on the public initiate page.
   */
  async signaturePath(invoiceId: number): Promise<{ path: string | null; signedAt: string | null }> {
    await this.ensureInvoice(invoiceId);
    const [row] = await this.db.rows<{ path: string; signedAt: string }>(
      sql`select path, signed_at as "signedAt" from invoice_signatures
          where invoice_id = ${invoiceId} and kind in ('invoice', 'initiate') order by signed_at desc, id desc limit 1`,
    );
    return row ?? { path: null, signedAt: null };
  }

  async signatureImage(invoiceId: number): Promise<Buffer> {
    const { path } = await this.signaturePath(invoiceId);
    if (!path) throw notFound(`Invoice ${invoiceId} is not signed.`);
    return this.readStored(path);
  }

  private async readStored(rel: string): Promise<Buffer> {
    const file = await this.files.read(rel);
    if (!file) throw notFound(`File ${rel} is missing from the file store.`);
    return file.data;
  }

  private async ensureInvoice(invoiceId: number) {
    const [row] = await this.db.rows(sql`select 1 from invoices where id = ${invoiceId}`);
    if (!row) throw invoiceMissing(invoiceId);
  }
}

/** A signature the customer gave on a public page, and where it came from. */
export interface CustomerSignature {
  /** 'initiate': the authorisation to start the work (signs the invoice); 'approval': an approved request. */
  kind: 'initiate' | 'approval';
  image: CheckedImage;
  signerName?: string | null;
  clientIp: string;
  userAgent: string | null;
}

/**
 * Stores a signature the customer gave on a public page (modules/approvals), in the caller's unit of work
 * (the file deletes itself if it rolls back), as an `invoice_signatures` row of its kind; answers the
 * stored path. The initiate signature follows POST .../signature: a PNG, refused (409) on a finalized
 * invoice, and it signs the invoice (signed, signaturePath). No staff user is involved, so the invoice's
 * lock is not checked (staff may hold it open while showing the customer the link); the caller writes the
 * history entry.
 */
export async function saveCustomerSignature(
  tx: Db,
  files: FileStore,
  invoiceId: number,
  signature: CustomerSignature,
): Promise<string> {
  if (signature.image.mime !== 'image/png') throw badRequest(SIGNATURE_FIELD, SIGNATURE_NOT_PNG);
  const target = await lockInvoiceRow(tx, invoiceId);
  if (signature.kind === 'initiate' && target.finalized) throw conflict(finalizedProblem(invoiceId));
  const owner = { ownerUserId: null, ownerType: 'Invoice', ownerId: invoiceId };
  const folder = `invoices/${invoiceId}/${signature.kind === 'approval' ? 'approvals' : 'signatures'}`;
  const path = await files.saveImage(tx, signature.image, folder, owner);
  await tx.rows(
    sql`insert into invoice_signatures (invoice_id, kind, path, signer_name, client_ip, user_agent)
        values (${invoiceId}, ${signature.kind}, ${path}, ${signature.signerName ?? null},
                ${signature.clientIp}, ${signature.userAgent})`,
  );
  if (signature.kind === 'initiate') {
    await tx.rows(
      sql`update invoices set signed = true, signature_path = ${path}, updated_at = now() where id = ${invoiceId}`,
    );
  }
  return path;
}
