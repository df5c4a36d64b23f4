import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app.js';
import { readFormPost, requireImage } from '../../files/multipart-form.js';
import { currentUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { sendJson } from '../service-vehicles/routes.js';
import { InvoiceDetailService } from './detail-service.js';
import { InvoiceDocumentService, SIGNATURE_FIELD } from './documents-service.js';
import { idParams } from './schemas.js';
import { InvoiceSendService, sendCustomerInvoiceBody, sendTechTextBody } from './send-service.js';

const tags = ['invoices'];
const read = { action: 'invoice.read' } as const;
const send = { action: 'invoice.send' } as const;
const pdfParams = idParams.extend({ pdfId: z.coerce.number().int().positive() });

const sendPdf = (reply: FastifyReply, pdf: Buffer, invoiceId: number) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="invoice-${invoiceId}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);

/** Invoice documents: PDF, signature, e-mail to the customer, tech text (issue 7 §4–6; README). */
export function invoiceDocumentRoutes(app: App) {
  const { db, config } = app.deps;
  const documents = new InvoiceDocumentService(db, config);
  const sending = new InvoiceSendService(db, documents);
  const detail = new InvoiceDetailService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/Invoices/:id/pdf',
    {
      config: read,
      schema: { tags, summary: 'Render the invoice PDF now (stored as a new version)', params: idParams },
    },
    async (req, reply) => {
      const pdf = await documents.renderPdf(currentUser(req), req.params.id);
      return sendPdf(reply, pdf, req.params.id);
    },
  );
  r.get(
    '/api/Invoices/:id/previousPdfs',
    {
      config: read,
      schema: { tags, summary: 'Stored PDFs {id, createdAt, path, user}, newest first', params: idParams },
    },
    (req) => documents.previousPdfs(req.params.id),
  );
  r.get(
    '/api/Invoices/:id/lastPdf',
    { config: read, schema: { tags, summary: 'The latest stored PDF; 404 when none', params: idParams } },
    async (req, reply) => sendPdf(reply, await documents.storedPdf(req.params.id), req.params.id),
  );
  r.get(
    '/api/Invoices/:id/pdfs/:pdfId',
    { config: read, schema: { tags, summary: 'One stored PDF', params: pdfParams } },
    async (req, reply) =>
      sendPdf(reply, await documents.storedPdf(req.params.id, req.params.pdfId), req.params.id),
  );
  r.post(
    '/api/Invoices/:id/signature',
    {
      config: { action: 'invoice.write' },
      schema: {
        tags,
        summary: 'Save the customer signature (multipart, Signature = PNG ≤ 5 MB)',
        params: idParams,
      },
    },
    async (req, reply) => {
      const form = await readFormPost(req, SIGNATURE_FIELD);
      if (!form.file) throw badRequest(SIGNATURE_FIELD, 'Attach the signature as a PNG image');
      await documents.saveSignature(
        currentUser(req),
        req.params.id,
        requireImage(form.file, SIGNATURE_FIELD),
      );
      return sendJson(reply, await detail.detail(req.params.id));
    },
  );
  r.get(
    '/api/Invoices/:id/signature',
    {
      config: read,
      schema: { tags, summary: 'The latest signature image (PNG); 404 when unsigned', params: idParams },
    },
    async (req, reply) =>
      reply
        .type('image/png')
        .header('cache-control', 'private, no-store')
        .send(await documents.signatureImage(req.params.id)),
  );
  r.get(
    '/api/Invoices/:id/SignaturePath',
    {
      config: read,
      schema: {
        tags,
        summary: 'The latest signature {path, signedAt} (null when unsigned)',
        params: idParams,
      },
    },
    (req) => documents.signaturePath(req.params.id),
  );
  r.post(
    '/api/Invoices/sendCustomerInvoice',
    {
      config: send,
      schema: {
        tags,
        summary: 'E-mail the invoice PDF {invoiceId, email?} → {outboxId, to, subject}',
        body: sendCustomerInvoiceBody,
      },
    },
    (req) => sending.sendCustomerInvoice(currentUser(req), req.body),
  );
  r.post(
    '/api/Invoices/:id/sendTechText',
    {
      config: send,
      schema: {
        tags,
        summary: 'Text the customer {message?} (default: the brand tech text template)',
        params: idParams,
        body: sendTechTextBody.optional(),
      },
    },
    (req) => sending.sendTechText(currentUser(req), req.params.id, req.body ?? {}),
  );
  r.get(
    '/api/Invoices/:id/techTexts',
    { config: read, schema: { tags, summary: 'Tech texts sent, newest first', params: idParams } },
    (req) => sending.techTexts(req.params.id),
  );
}
