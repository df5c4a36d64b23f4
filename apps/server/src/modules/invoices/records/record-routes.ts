import {
  invoiceDetail,
  invoiceExtraImage,
  invoiceHistoryRow,
  invoiceTransaction,
} from '@glass/domain/contracts/invoices';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../../app-type.js';
import { FileStore } from '../../../files/file-store.js';
import { firstValue, readFormPost, requireImage } from '../../../files/multipart-form.js';
import { currentUser } from '../../../http/auth.js';
import { badRequest } from '../../../http/errors.js';
import { sendJson } from '../../../http/send-json.js';
import { InvoiceDetailService } from '../detail/detail-service.js';
import { InvoiceHistoryService } from './history-service.js';
import { InvoiceImageService } from './images-service.js';
import { InvoicePartService } from './parts-service.js';
import { deleteAccessories } from './records-accessories.js';
import {
  deleteAccessoriesBody,
  historyBody,
  historyListQuery,
  idParams,
  partBody,
  partUpdate,
  transactionBody,
  transactionListQuery,
  transactionUpdate,
} from '../schemas.js';
import { InvoiceTransactionService } from './transactions-service.js';

const tags = ['invoices'];
const FILES_FIELD = 'Files';
/** Images one POST may carry. */
export const MAX_IMAGES_PER_POST = 10;
const captionSchema = z.string().trim().max(200, 'Caption is at most 200 characters');

/** Invoice records: history and contacts, images, transactions, parts, accessories, summary, outstanding, finalizing. */
export function invoiceRecordRoutes(app: App) {
  const { db } = app.deps;
  const detail = new InvoiceDetailService(db);
  const history = new InvoiceHistoryService(db);
  const images = new InvoiceImageService(db, new FileStore(db, app.deps.config));
  const transactions = new InvoiceTransactionService(db);
  const parts = new InvoicePartService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { action: 'invoice.read' } as const;
  const write = { action: 'invoice.write' } as const;

  r.get(
    '/api/InvoicesHistory',
    {
      config: read,
      schema: {
        tags,
        summary: 'History of an invoice (?InvoiceId=, ContactItem=true for contacts only), newest first',
        querystring: historyListQuery,
        response: { 200: z.array(invoiceHistoryRow) },
      },
    },
    (req) => history.list(req.query.InvoiceId, req.query.ContactItem),
  );
  r.post(
    '/api/InvoicesHistory',
    {
      config: write,
      schema: {
        tags,
        summary: 'Add a history entry {invoiceId, activity, activityDateTime, details, contactItem} (201)',
        body: historyBody,
        response: { 201: invoiceHistoryRow },
      },
    },
    async (req, reply) => reply.code(201).send(await history.add(currentUser(req), req.body)),
  );

  r.get(
    '/api/Invoices/:id/ExtraImages',
    {
      config: read,
      schema: {
        tags,
        summary: 'Extra images of an invoice, newest first',
        params: idParams,
        response: { 200: z.array(invoiceExtraImage) },
      },
    },
    (req) => images.list(req.params.id),
  );
  r.post(
    '/api/Invoices/:id/ExtraImages',
    {
      config: { ...write, upload: { fields: [FILES_FIELD] } },
      schema: {
        tags,
        summary:
          'Add images (multipart: Files, 1..10 PNG/JPEG/GIF/WebP under 5 MB, checked by content; Caption) (201)',
        params: idParams,
        consumes: ['multipart/form-data'],
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest(FILES_FIELD, 'Send the images as multipart/form-data');
      const form = await readFormPost(req, FILES_FIELD, { many: true });
      if (form.files.length === 0) throw badRequest(FILES_FIELD, 'Choose an image to upload');
      if (form.files.length > MAX_IMAGES_PER_POST) {
        throw badRequest(FILES_FIELD, `Attach at most ${MAX_IMAGES_PER_POST} images`);
      }
      const checked = form.files.map((f) => requireImage(f, FILES_FIELD));
      const caption = captionSchema.safeParse(firstValue(form, 'Caption') ?? '');
      if (!caption.success) throw badRequest('Caption', caption.error.issues[0].message);
      const list = await images.add(currentUser(req), req.params.id, checked, caption.data || null);
      return reply.code(201).send(list);
    },
  );

  r.get(
    '/api/InvoiceTransactions',
    {
      config: read,
      schema: {
        tags,
        summary: 'Transactions of an invoice (?InvoiceId=), newest first',
        querystring: transactionListQuery,
        response: { 200: z.array(invoiceTransaction) },
      },
    },
    (req) => transactions.list(req.query.InvoiceId),
  );
  r.post(
    '/api/InvoiceTransactions',
    {
      config: write,
      schema: {
        tags,
        summary: 'Add a transaction {invoiceId, transactionTypeId, amount, paymentTypeId, reference} (201)',
        body: transactionBody,
        response: { 201: invoiceTransaction },
      },
    },
    async (req, reply) => reply.code(201).send(await transactions.add(currentUser(req), req.body)),
  );
  r.put(
    '/api/InvoiceTransactions/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a transaction {statusId, amount, reference}: fund (1) or void (2) it',
        params: idParams,
        body: transactionUpdate,
        response: { 200: invoiceTransaction },
      },
    },
    (req) => transactions.update(currentUser(req), req.params.id, req.body),
  );

  r.post(
    '/api/InvoiceParts',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Add a replacement part; partsCost and the total recomputed; answers the invoice detail (201)',
        body: partBody,
        response: { 201: invoiceDetail },
      },
    },
    async (req, reply) => {
      const { invoiceId } = await parts.add(currentUser(req), req.body);
      return sendJson(reply, await detail.detail(invoiceId), 201);
    },
  );
  r.put(
    '/api/InvoiceParts/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a replacement part; partsCost and the total recomputed; answers the invoice detail',
        params: idParams,
        body: partUpdate,
        response: { 200: invoiceDetail },
      },
    },
    async (req, reply) => {
      const { invoiceId } = await parts.edit(currentUser(req), req.params.id, req.body);
      return sendJson(reply, await detail.detail(invoiceId));
    },
  );
  r.post(
    '/api/Invoices/:id/deleteAccessories',
    {
      config: write,
      schema: {
        tags,
        summary: 'Remove accessories {accessoryIds}; answers the invoice detail',
        params: idParams,
        body: deleteAccessoriesBody,
        response: { 200: invoiceDetail },
      },
    },
    async (req, reply) => {
      await deleteAccessories(db, currentUser(req), req.params.id, req.body.accessoryIds);
      return sendJson(reply, await detail.detail(req.params.id));
    },
  );
}
