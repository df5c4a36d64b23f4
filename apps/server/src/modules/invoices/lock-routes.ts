import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../app.js';
import { currentUser } from '../../http/auth.js';
import { sendJson } from '../service-vehicles/routes.js';
import { InvoiceDetailService } from './detail-service.js';
import { InvoiceLockService } from './lock-service.js';
import { idParams, lockListQuery } from './schemas.js';

const tags = ['invoices'];

/** Invoice locks: take one, remove one, see who holds one. */
export function invoiceLockRoutes(app: App) {
  const { db } = app.deps;
  const detail = new InvoiceDetailService(db);
  const locks = new InvoiceLockService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/Invoices/:id/LockForCurrentUser',
    {
      config: { action: 'invoice.lock' },
      schema: {
        tags,
        summary: 'Lock for the current user (409 when someone else holds it)',
        params: idParams,
      },
    },
    async (req, reply) => {
      await locks.lock(currentUser(req), req.params.id);
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
      await locks.remove(currentUser(req), req.params.id);
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
      },
    },
    async (req) => locks.list(req.query.InvoiceId),
  );
}
