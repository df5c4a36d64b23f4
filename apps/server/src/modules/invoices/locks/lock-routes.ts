import { invoiceDetail, invoiceLockRow } from '@glass/domain/contracts/invoices';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../../app-type.js';
import { currentUser } from '../../../http/auth.js';
import { sendJson } from '../../../http/send-json.js';
import { InvoiceDetailService } from '../detail/detail-service.js';
import { invoiceRecord } from '../invoice-record.js';
import { idParams, lockListQuery } from '../schemas.js';

const tags = ['invoices'];

/** Invoice locks: take one, remove one, see who holds one. */
export function invoiceLockRoutes(app: App) {
  const { db } = app.deps;
  const detail = new InvoiceDetailService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/Invoices/:id/LockForCurrentUser',
    {
      config: { action: 'invoice.lock' },
      schema: {
        tags,
        summary: 'Lock for the current user (409 when someone else holds it)',
        response: { 200: invoiceDetail },
        params: idParams,
      },
    },
    async (req, reply) => {
      await invoiceRecord.take(db, currentUser(req), req.params.id);
      return sendJson(reply, await detail.detail(req.params.id));
    },
  );
  r.delete(
    '/api/InvoiceLocks/:id',
    {
      config: { action: 'invoice.lock' },
      schema: {
        tags,
        summary: "Remove a lock by its id: one's own, or anyone's with 'locks.override' (409 otherwise)",
        params: idParams,
      },
    },
    async (req, reply) => {
      await invoiceRecord.releaseById(db, currentUser(req), req.params.id);
      return reply.code(204).send();
    },
  );
  r.get(
    '/api/InvoiceLocks',
    {
      config: { action: 'invoice.read' },
      schema: {
        tags,
        summary: 'The lock of an invoice (?InvoiceId=), as a list',
        querystring: lockListQuery,
        response: { 200: z.array(invoiceLockRow) },
      },
    },
    async (req) =>
      (await invoiceRecord.holders(db, req.query.InvoiceId)).map((l) => ({
        id: l.id,
        invoiceId: l.recordId,
        userId: l.userId,
        user: l.user,
        lockedAt: l.lockedAt,
      })),
  );
}
