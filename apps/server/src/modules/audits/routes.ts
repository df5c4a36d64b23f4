import { idParams, odataPage } from '@glass/domain/contracts/common';
import {
  auditPassBody,
  auditReturnBody,
  invoiceAudit as invoiceAuditAnswer,
  pendingAuditCounts as countsAnswer,
  pendingAuditRow,
} from '@glass/domain/contracts/audits';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../app-type.js';
import { FileStore } from '../../files/file-store.js';
import { currentUser } from '../../http/auth.js';
import { odataQuerySchema } from '../../http/odata-schema.js';
import { sendODataList } from '../../http/odata-route.js';
import { hubOf } from '../../realtime/hub.js';
import { ConversationWriter } from '../conversations/index.js';
import { pendingAuditsResource } from './resource.js';
import { AuditService, invoiceAudit, pendingAuditCounts } from './service.js';

const tags = ['audits'];

/** /api/PendingAudits: the queue, counts per facility, one invoice's checklist, pass and return (README.md). */
export function auditRoutes(app: App) {
  const { db, config } = app.deps;
  const audits = new AuditService(db, new ConversationWriter(new FileStore(db, config), hubOf(app)));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { action: 'audits.read' } as const;
  const write = { action: 'audits.write' } as const;
  r.get(
    '/api/PendingAudits',
    {
      config: read,
      schema: {
        tags,
        summary: 'Invoices waiting for their audit (OData; invoice list rows), oldest submission first',
        querystring: odataQuerySchema,
        response: { 200: odataPage(pendingAuditRow) },
      },
    },
    (req, reply) => sendODataList(db, pendingAuditsResource, req, reply),
  );
  r.get(
    '/api/PendingAudits/counts',
    {
      config: read,
      schema: { tags, summary: 'How many invoices wait, per facility', response: { 200: countsAnswer } },
    },
    (req) => pendingAuditCounts(db, currentUser(req)),
  );
  r.get(
    '/api/PendingAudits/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'The audit checklist of an invoice, computed now, and its audits so far',
        params: idParams,
        response: { 200: invoiceAuditAnswer },
      },
    },
    (req) => invoiceAudit(db, req.params.id),
  );
  r.post(
    '/api/PendingAudits/:id/pass',
    {
      config: write,
      schema: {
        tags,
        summary: 'Pass the audit (every check must pass); the invoice goes on to finalizing',
        params: idParams,
        body: auditPassBody,
        response: { 200: invoiceAuditAnswer },
      },
    },
    (req) => audits.pass(currentUser(req), req.params.id, req.body.note),
  );
  r.post(
    '/api/PendingAudits/:id/return',
    {
      config: write,
      schema: {
        tags,
        summary: 'Return with a reason: un-submits the invoice and alerts its lead technician',
        params: idParams,
        body: auditReturnBody,
        response: { 200: invoiceAuditAnswer },
      },
    },
    (req) => audits.ret(currentUser(req), req.params.id, req.body.reason),
  );
}
