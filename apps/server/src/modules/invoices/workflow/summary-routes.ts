import { odataPage } from '@glass/domain/contracts/common';
import {
  finalizeResult,
  finalizingInvoiceRow,
  invoiceSummary as summaryAnswer,
  outstandingInvoiceRow,
} from '@glass/domain/contracts/invoices';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../../app-type.js';
import { currentUser } from '../../../http/auth.js';
import { odataQuerySchema } from '../../../http/odata-schema.js';
import { sendODataList } from '../../../http/odata-route.js';
import { finalizeInvoices, finalizingInvoicesResource } from './finalizing-service.js';
import { outstandingInvoicesResource } from '../list/outstanding-resource.js';
import { finalizeBody } from '../schemas.js';
import { invoiceSummary } from './summary-service.js';
import { ClaimSender } from '../claims/claim-send.js';
import { InvoiceDocumentService } from '../documents/documents-service.js';

const tags = ['invoices'];

/** The invoice list's summary, the outstanding and finalizing lists, and finalizing several at once. */
export function invoiceSummaryRoutes(app: App) {
  const { db, config } = app.deps;
  const claims = new ClaimSender(new InvoiceDocumentService(db, config));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { action: 'invoice.read' } as const;
  r.get(
    '/api/Invoices/summary',
    {
      config: read,
      schema: {
        tags,
        summary: 'Counts {total, submitted, signed, replacement} of the invoices the list $filter selects',
        response: { 200: summaryAnswer },
        querystring: odataQuerySchema,
      },
    },
    (req) => invoiceSummary(db, req.query),
  );
  r.get(
    '/api/Invoices/outstanding',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Outstanding invoices (unpaid or missing reference), oldest first, 25 a page, with outstandingReason',
        response: { 200: odataPage(outstandingInvoiceRow) },
        querystring: odataQuerySchema,
      },
    },
    (req, reply) => sendODataList(db, outstandingInvoicesResource, req, reply),
  );
  r.get(
    '/api/Invoices/finalizing',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Submitted invoices not yet finalized, with clearingHouse {id, name}, oldest submission first',
        response: { 200: odataPage(finalizingInvoiceRow) },
        querystring: odataQuerySchema,
      },
    },
    (req, reply) => sendODataList(db, finalizingInvoicesResource, req, reply),
  );
  r.post(
    '/api/Invoices/finalize',
    {
      config: { action: 'invoice.finalize' },
      schema: {
        tags,
        summary: 'Finalize invoices {invoiceIds} (1..200) → {finalized: ids, refused: [{id, message}]}',
        body: finalizeBody,
        response: { 200: finalizeResult },
      },
    },
    (req) => finalizeInvoices(db, currentUser(req), req.body.invoiceIds, claims),
  );
}
