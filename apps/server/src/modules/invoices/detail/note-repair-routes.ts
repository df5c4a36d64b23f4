import { invoiceDetail, invoiceNote } from '@glass/domain/contracts/invoices';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../../app-type.js';
import { currentUser } from '../../../http/auth.js';
import { sendJson } from '../../../http/send-json.js';
import { InvoiceDetailService } from './detail-service.js';
import { InvoiceNoteRepairService } from './note-repair-service.js';
import { idParams, noteBody, noteListQuery, noteUpdate, repairBody, repairUpdate } from '../schemas.js';

const tags = ['invoices'];

/** Notes and repair lines of an invoice. Repair writes answer the invoice detail (new totals). */
export function invoiceNoteRepairRoutes(app: App) {
  const { db } = app.deps;
  const service = new InvoiceNoteRepairService(db);
  const detail = new InvoiceDetailService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const write = { action: 'invoice.write' } as const;

  r.get(
    '/api/InvoiceNotes',
    {
      config: { action: 'invoice.read' },
      schema: {
        tags,
        summary: 'Notes of an invoice (?InvoiceId=), newest first',
        querystring: noteListQuery,
        response: { 200: z.array(invoiceNote) },
      },
    },
    (req) => service.notes(req.query.InvoiceId),
  );
  r.post(
    '/api/InvoiceNotes',
    {
      config: write,
      schema: {
        tags,
        summary: 'Add a note {invoiceId, subject, note}',
        body: noteBody,
        response: { 201: invoiceNote },
      },
    },
    async (req, reply) => reply.code(201).send(await service.addNote(currentUser(req), req.body)),
  );
  r.put(
    '/api/InvoiceNotes/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Edit my note {subject, note}',
        params: idParams,
        body: noteUpdate,
        response: { 200: invoiceNote },
      },
    },
    (req) => service.editNote(currentUser(req), req.params.id, req.body),
  );
  r.post(
    '/api/InvoiceRepairs',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Add a repair line {invoiceId, lineNumber, description, location, amount}; totals recomputed',
        body: repairBody,
        response: { 201: invoiceDetail },
      },
    },
    async (req, reply) => {
      const { invoiceId } = await service.addRepair(currentUser(req), req.body);
      return sendJson(reply, await detail.detail(invoiceId), 201);
    },
  );
  r.put(
    '/api/InvoiceRepairs/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Edit a repair line; totals recomputed',
        params: idParams,
        body: repairUpdate,
        response: { 200: invoiceDetail },
      },
    },
    async (req, reply) => {
      const { invoiceId } = await service.editRepair(currentUser(req), req.params.id, req.body);
      return sendJson(reply, await detail.detail(invoiceId));
    },
  );
}
