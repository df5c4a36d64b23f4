import { idParams, odataPage } from '@glass/domain/contracts/common';
import { createdDeposit, depositCreateBody, depositRow } from '@glass/domain/contracts/deposits';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../app-type.js';
import { currentUser } from '../../http/auth.js';
import { odataQuerySchema } from '../../http/odata-schema.js';
import { sendODataList } from '../../http/odata-route.js';
import { renderDepositSlip } from './pdf.js';
import { depositResource } from './resource.js';
import { DepositService } from './service.js';

const tags = ['deposits'];

/** Deposits: the list, creating one from funded invoices, and the deposit slip PDF (README.md). */
export function depositRoutes(app: App) {
  const { db } = app.deps;
  const deposits = new DepositService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { action: 'finance.read' } as const;
  app.get(
    '/api/DepositInvoices',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Deposits (OData), newest first; filter createdAt, facilityId, createdById; $expand=deposits brings the items',
        querystring: odataQuerySchema,
        response: { 200: odataPage(depositRow) },
      },
    },
    (req, reply) => sendODataList(db, depositResource, req, reply),
  );
  r.post(
    '/api/DepositInvoices/contextual',
    {
      config: { action: 'finance.write' },
      schema: {
        tags,
        summary:
          'Create a deposit {DepositInvoiceInvoiceViewModels: [{invoiceId, itemType, laborCost, partsCost, taxCost, totalCost, …}], total?}: funded invoices of one facility, each on one deposit only (409), the total checked',
        body: depositCreateBody,
        response: { 201: createdDeposit },
      },
    },
    async (req, reply) => reply.code(201).send(await deposits.create(currentUser(req), req.body)),
  );
  r.get(
    '/api/DepositInvoices/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'One deposit with its items',
        params: idParams,
        response: { 200: createdDeposit },
      },
    },
    (req) => deposits.one(req.params.id),
  );
  r.get(
    '/api/DepositInvoices/:id/Pdf',
    {
      config: read,
      schema: {
        tags,
        summary: 'The deposit slip (PDF): items grouped by payment type with subtotals and the total',
        params: idParams,
      },
    },
    async (req, reply) =>
      reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="deposit-${req.params.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(await renderDepositSlip(db, req.params.id)),
  );
}
