import type { App } from '../../app.js';
import { odataQuerySchema } from '../../http/odata-schema.js';
import { sendODataList } from '../../http/odata-route.js';
import { invoiceListResource } from './list-resource.js';

export function invoiceRoutes(app: App) {
  const { db } = app.deps;
  app.get(
    '/api/Invoices',
    {
      config: { action: 'invoice.read' },
      schema: {
        tags: ['invoices'],
        summary: 'Invoice list view (OData: $filter $orderby $top $skip $count $select $expand)',
        querystring: odataQuerySchema,
      },
    },
    (req, reply) => sendODataList(db, invoiceListResource, req, reply),
  );
}
