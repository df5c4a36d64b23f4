import type { App } from '../../app.js';
import { odataQuerySchema } from '../../http/odata-schema.js';
import { sendODataList } from '../../http/odata-route.js';
import { serviceVehicleListResource } from './list-resource.js';

export function serviceVehicleRoutes(app: App) {
  const { db } = app.deps;
  app.get(
    '/api/ServiceVehicles',
    {
      config: { action: 'serviceVehicle.read' },
      schema: {
        tags: ['service-vehicles'],
        summary: 'Service vehicle list rows (OData: $filter $orderby $top $skip $count $select $expand)',
        querystring: odataQuerySchema,
      },
    },
    (req, reply) => sendODataList(db, serviceVehicleListResource, req, reply),
  );
}
