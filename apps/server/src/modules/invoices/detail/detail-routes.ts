import { odataPage } from '@glass/domain/contracts/common';
import { invoiceDetail, invoiceListRow } from '@glass/domain/contracts/invoices';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../../app-type.js';
import { odataQuerySchema } from '../../../http/odata-schema.js';
import { sendODataList } from '../../../http/odata-route.js';
import { sendJson } from '../../../http/send-json.js';
import { InvoiceDetailService } from './detail-service.js';
import { invoiceListResource } from '../list/list-resource.js';
import { idParams, svIdParams } from '../schemas.js';

export function invoiceRoutes(app: App) {
  const { db } = app.deps;
  const detail = new InvoiceDetailService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { action: 'invoice.read' } as const;
  app.get(
    '/api/Invoices',
    {
      config: read,
      schema: {
        tags: ['invoices'],
        summary: 'Invoice list view (OData: $filter $orderby $top $skip $count $select $expand)',
        response: { 200: odataPage(invoiceListRow) },
        querystring: odataQuerySchema,
      },
    },
    (req, reply) => sendODataList(db, invoiceListResource, req, reply),
  );
  r.get(
    '/api/Invoices/byServiceVehicle/:serviceVehicleId',
    {
      config: read,
      schema: {
        tags: ['invoices'],
        summary: 'The latest invoice (by OpenDateTime) of a service vehicle',
        response: { 200: invoiceDetail },
        params: svIdParams,
      },
    },
    async (req, reply) => sendJson(reply, await detail.byServiceVehicle(req.params.serviceVehicleId)),
  );
  r.get(
    '/api/Invoices/:id',
    {
      config: read,
      schema: {
        tags: ['invoices'],
        summary: 'Invoice detail (spec 2 §3), with previous and next invoice ids',
        response: { 200: invoiceDetail },
        params: idParams,
      },
    },
    async (req, reply) => sendJson(reply, await detail.detail(req.params.id)),
  );
}
