import {
  invoiceDetail,
  invoicePdfLink,
  invoicePdfVersion,
  sentInvoiceEmail,
  sentTechText,
  signaturePath,
  techTextRow,
} from '@glass/domain/contracts/invoices';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../../app-type.js';
import { readFormPost, requireImage } from '../../../files/multipart-form.js';
import { currentUser } from '../../../http/auth.js';
import { badRequest } from '../../../http/errors.js';
import { sendJson } from '../../../http/send-json.js';
import { InvoiceDetailService } from '../detail/detail-service.js';
import { InvoiceDocumentService, SIGNATURE_FIELD } from './documents-service.js';
import { PdfLinks, pdfLinkQuery } from './pdf-link.js';
import { idParams } from '../schemas.js';
import { InvoiceSendService, sendCustomerInvoiceBody, sendTechTextBody } from './send-service.js';

const tags = ['invoices'];
const read = { action: 'invoice.read' } as const;
const send = { action: 'invoice.send' } as const;
const pdfParams = idParams.extend({ pdfId: z.coerce.number().int().positive() });
const pdfFileParams = idParams.extend({ fileName: z.string().max(100) });

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
  const links = new PdfLinks(db, config.secretsKey);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/Invoices/:id/pdf',
    {
      config: read,
      schema: {
        tags,
        summary: 'Render the invoice PDF now (nothing is stored: POST keeps a version)',
        params: idParams,
      },
    },
    async (req, reply) => sendPdf(reply, await documents.render(req.params.id), req.params.id),
  );
  r.post(
    '/api/Invoices/:id/pdf/link',
    {
      config: read,
      schema: {
        tags,
        summary:
          'A signed link to open the PDF without the token {url, fileName, expiresAt}: valid 60 s, for this invoice and user only',
        params: idParams,
        response: { 200: invoicePdfLink },
      },
    },
    (req) => links.create(req.params.id, currentUser(req).id),
  );
  r.get(
    '/api/Invoices/:id/pdf/:fileName',
    {
      // Public, signature-checked (docs/security.md): the link from POST .../pdf/link carries an HMAC over
      // (invoice, user, expiry) that the handler verifies before anything is rendered.
      config: { public: true },
      schema: {
        tags,
        summary:
          'The invoice PDF at a signed link (fileName invoice-{id}.pdf; u, exp, sig from POST .../pdf/link)',
        params: pdfFileParams,
        querystring: pdfLinkQuery,
      },
    },
    async (req, reply) => {
      await links.verify(req.params.id, req.params.fileName, req.query);
      return sendPdf(reply, await documents.render(req.params.id), req.params.id);
    },
  );
  r.post(
    '/api/Invoices/:id/pdf',
    {
      config: { action: 'invoice.write' },
      schema: {
        tags,
        summary: 'Render the invoice PDF and keep it as a new version → {id, createdAt, path} (201)',
        response: { 201: invoicePdfVersion },
        params: idParams,
      },
    },
    async (req, reply) => reply.code(201).send(await documents.keepPdf(currentUser(req), req.params.id)),
  );
  r.get(
    '/api/Invoices/:id/previousPdfs',
    {
      config: read,
      schema: {
        tags,
        summary: 'Stored PDFs {id, createdAt, path, user}, newest first',
        params: idParams,
        response: { 200: z.array(invoicePdfVersion) },
      },
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
      config: { action: 'invoice.write', upload: { fields: [SIGNATURE_FIELD] } },
      schema: {
        tags,
        summary: 'Save the customer signature (multipart, Signature = PNG ≤ 5 MB)',
        response: { 200: invoiceDetail },
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
        response: { 200: signaturePath },
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
        response: { 200: sentInvoiceEmail },
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
        response: { 200: sentTechText },
        params: idParams,
        body: sendTechTextBody.optional(),
      },
    },
    (req) => sending.sendTechText(currentUser(req), req.params.id, req.body ?? {}),
  );
  r.get(
    '/api/Invoices/:id/techTexts',
    {
      config: read,
      schema: {
        tags,
        summary: 'Tech texts sent, newest first',
        params: idParams,
        response: { 200: z.array(techTextRow) },
      },
    },
    (req) => sending.techTexts(req.params.id),
  );
}
