import { idParams } from '@glass/domain/contracts/common';
import {
  remittanceDismissBody,
  remittanceExceptionsPage,
  remittanceExceptionsQuery,
  remittanceImport,
  remittanceLine,
  remittancePreviewBody,
  remittancePreviewResult,
  remittanceReassignBody,
  remittanceSavedMapping,
  remittanceSaveMappingBody,
  remittanceStartBody,
  remittanceUploadResult,
} from '@glass/domain/contracts/remittances';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app-type.js';
import { FileStore } from '../../files/file-store.js';
import { currentUser } from '../../http/auth.js';
import { jobsOf } from '../../jobs/index.js';
import { hubOf } from '../../realtime/hub.js';
import { FundingService } from '../reconcile/index.js';
import { REMITTANCE_IMPORT_JOB } from './job.js';
import { dismissLine, exceptionsPage, resolveByFunding } from './exceptions.js';
import { loadMapping, putMapping } from './mappings.js';
import {
  listRemittanceImports,
  loadRemittanceImport,
  previewRemittance,
  type RemittanceDeps,
  startRemittance,
  uploadRemittance,
} from './service.js';
import { ensureRemittanceWorker } from './worker.js';

const tags = ['remittances'];
const clearingHouseParams = z.object({
  clearingHouseId: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * /api/Remittances, /api/RemittanceMappings, /api/RemittanceExceptions, /api/RemittanceLines (README.md). Every
 * route needs `finance.write`: whoever may fund on reconcile imports, reads and works the queue.
 */
export function remittanceRoutes(app: App) {
  const { db, config } = app.deps;
  const deps: RemittanceDeps = {
    db,
    files: new FileStore(db, config),
    hub: hubOf(app),
    funding: new FundingService(db),
    enqueue: async (importId) => {
      await ensureRemittanceWorker(app);
      await jobsOf(app).enqueue(REMITTANCE_IMPORT_JOB, { importId });
    },
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const fund = { action: 'finance.write' } as const;

  r.get(
    '/api/Remittances',
    {
      config: fund,
      schema: {
        tags,
        summary: 'The latest 50 remittance imports, newest first, with their counts and sums',
        response: { 200: z.array(remittanceImport) },
      },
    },
    () => listRemittanceImports(db),
  );
  r.post(
    '/api/Remittances',
    {
      config: { ...fund, upload: { fields: ['File'] } },
      schema: {
        tags,
        summary:
          'Upload a payment file (multipart: ClearingHouseId optional, then File: CSV UTF-8 or XLSX, up to 50 MB) → the import, the mapping to offer and the first rows',
        querystring: z.object({
          clearingHouseId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
        }),
        response: { 201: remittanceUploadResult },
      },
    },
    async (req, reply) => {
      const result = await uploadRemittance(deps, req, currentUser(req), req.query.clearingHouseId);
      return reply.code(201).send(result);
    },
  );
  r.get(
    '/api/Remittances/:id',
    {
      config: fund,
      schema: {
        tags,
        summary: 'One import: state, progress, counts and sums',
        params: idParams,
        response: { 200: remittanceImport },
      },
    },
    (req) => loadRemittanceImport(db, req.params.id),
  );
  r.post(
    '/api/Remittances/:id/preview',
    {
      config: fund,
      schema: {
        tags,
        summary: 'Read every line with {mapping}: the first lines, the unreadable ones, the total paid',
        params: idParams,
        body: remittancePreviewBody,
        response: { 200: remittancePreviewResult },
      },
    },
    (req) => previewRemittance(deps, req.params.id, req.body.mapping),
  );
  r.post(
    '/api/Remittances/:id/start',
    {
      config: fund,
      schema: {
        tags,
        summary:
          'Save the mapping for the clearing house and import in the background: match, fund, short-pay, or queue each line',
        params: idParams,
        body: remittanceStartBody,
        response: { 200: remittanceImport },
      },
    },
    (req) => startRemittance(deps, currentUser(req), req.params.id, req.body.mapping),
  );
  r.get(
    '/api/RemittanceMappings/:clearingHouseId',
    {
      config: fund,
      schema: {
        tags,
        summary: "The clearing house's saved column mapping (field → header name)",
        params: clearingHouseParams,
        response: { 200: remittanceSavedMapping },
      },
    },
    (req) => loadMapping(db, req.params.clearingHouseId),
  );
  r.put(
    '/api/RemittanceMappings/:clearingHouseId',
    {
      config: fund,
      schema: {
        tags,
        summary: "Save the clearing house's column mapping {mapping: field → header name}",
        params: clearingHouseParams,
        body: remittanceSaveMappingBody,
        response: { 200: remittanceSavedMapping },
      },
    },
    (req) => putMapping(db, req.params.clearingHouseId, req.body.mapping, currentUser(req).id),
  );
  r.get(
    '/api/RemittanceExceptions',
    {
      config: fund,
      schema: {
        tags,
        summary:
          'The exceptions queue (or another outcome: ShortPaid …), oldest first, paged; lines of invoices in your facilities and lines without an invoice',
        querystring: remittanceExceptionsQuery,
        response: { 200: remittanceExceptionsPage },
      },
    },
    (req) => exceptionsPage(db, currentUser(req), req.query),
  );
  r.post(
    '/api/RemittanceLines/:id/confirm',
    {
      config: fund,
      schema: {
        tags,
        summary: "Fund the exception's suggested invoice with its payment (409 when it cannot be funded)",
        params: idParams,
        response: { 200: remittanceLine },
      },
    },
    (req) => resolveByFunding(deps, currentUser(req), req.params.id, {}),
  );
  r.post(
    '/api/RemittanceLines/:id/reassign',
    {
      config: fund,
      schema: {
        tags,
        summary: "Fund another invoice {invoiceId} with the exception's payment",
        params: idParams,
        body: remittanceReassignBody,
        response: { 200: remittanceLine },
      },
    },
    (req) => resolveByFunding(deps, currentUser(req), req.params.id, { invoiceId: req.body.invoiceId }),
  );
  r.post(
    '/api/RemittanceLines/:id/dismiss',
    {
      config: fund,
      schema: {
        tags,
        summary: 'Take the exception off the queue without funding anything {reason}',
        params: idParams,
        body: remittanceDismissBody,
        response: { 200: remittanceLine },
      },
    },
    (req) => dismissLine(db, currentUser(req), req.params.id, req.body.reason),
  );
}
