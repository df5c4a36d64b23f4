import { idParams } from '@glass/domain/contracts/common';
import {
  fundBody,
  reconcilePage,
  reconcileQuery,
  reconcileRow,
  unfundBody,
} from '@glass/domain/contracts/reconcile';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../app-type.js';
import { sql } from 'drizzle-orm';
import { currentUser } from '../../http/auth.js';
import { facilityFilter } from '../../http/facility-scope.js';
import { applyPageSize, odataRequest, sendODataCount } from '../../http/odata-route.js';
import { odataQuerySchema } from '../../http/odata-schema.js';
import { sendJson } from '../../http/send-json.js';
import { FundingService } from './funding-service.js';
import { reconcileCount, reconcilePage as readPage } from './list-service.js';
import { reconcileResource } from './resource.js';

const tags = ['reconcile'];

/** GET /api/ReconcileInvoices, funding and unfunding (README.md). */
export function reconcileRoutes(app: App) {
  const { db } = app.deps;
  const funding = new FundingService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/ReconcileInvoices',
    {
      config: { action: 'finance.read' },
      schema: {
        tags,
        summary:
          'Reconcile rows (OData; start/end bound OpenDateTime, default one year to today; insuranceCompanyName, facilityName, leadTechnicianName by fragment) with the totals of the whole selection',
        querystring: odataQuerySchema.extend(reconcileQuery.shape),
        response: { 200: reconcilePage },
      },
    },
    async (req, reply) => {
      const { baseUrl, maxPageSize, countOnly } = odataRequest(req);
      const query = req.query as typeof req.query & Record<string, unknown>;
      // The caller's allowed facilities (issue #31, decision 0016).
      const facilities = facilityFilter(currentUser(req), sql`i.facility_id`);
      if (countOnly) return sendODataCount(reply, await reconcileCount(db, query, facilities));
      const body = await readPage(db, query, baseUrl, maxPageSize, facilities);
      return sendJson(
        applyPageSize(reply, reconcileResource, maxPageSize).header('odata-version', '4.0'),
        body,
      );
    },
  );
  r.post(
    '/api/ReconcileInvoices/:id/fund',
    {
      config: { action: 'finance.write' },
      schema: {
        tags,
        summary:
          'Mark the invoice funded {transactionTypeId, amount, reference?, invoiceTransactionId?}: 409 when it is funded already (or void, lost, nothing to collect, locked by another user)',
        params: idParams,
        body: fundBody,
        response: { 200: reconcileRow },
      },
    },
    (req) => funding.fund(currentUser(req), req.params.id, req.body),
  );
  r.post(
    '/api/ReconcileInvoices/:id/unfund',
    {
      config: { action: 'finance.unfund' },
      schema: {
        tags,
        summary:
          'Take back the funding of an invoice {reason}: its funded transactions become void; 409 when not funded or on a deposit',
        params: idParams,
        body: unfundBody,
        response: { 200: reconcileRow },
      },
    },
    (req) => funding.unfund(currentUser(req), req.params.id, req.body),
  );
}
