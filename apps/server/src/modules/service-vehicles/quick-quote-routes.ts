import { odataPage } from '@glass/domain/contracts/common';
import { quickQuote, quickQuoteLists } from '@glass/domain/contracts/service-vehicles';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../app-type.js';
import { currentUser } from '../../http/auth.js';
import { odataQuerySchema } from '../../http/odata-schema.js';
import { sendODataList } from '../../http/odata-route.js';
import { quickQuoteResource } from './child-resources.js';
import { QuickQuoteService } from './quick-quotes.js';
import { plainIdFilter } from './routes.js';
import { idParams, quickQuoteBody, quickQuoteUpdateBody } from './schemas.js';

const tags = ['service-vehicles'];

/** Quick quotes (spec 2 §7): GET by ServiceVehicleId, POST, PUT {id}. Writes respect the vehicle's lock. */
export function quickQuoteRoutes(app: App) {
  const { db } = app.deps;
  const service = new QuickQuoteService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/QuickQuotes',
    {
      config: { action: 'serviceVehicle.read' },
      schema: {
        tags,
        summary: 'Quick quotes, newest first (OData; ServiceVehicleId= filters)',
        response: { 200: odataPage(quickQuote) },
        querystring: odataQuerySchema,
      },
    },
    (req, reply) =>
      sendODataList(
        db,
        quickQuoteResource,
        req,
        reply,
        plainIdFilter(req, 'ServiceVehicleId', 'q.service_vehicle_id'),
      ),
  );
  r.get(
    '/api/QuickQuotes/Lists',
    {
      config: { action: 'serviceVehicle.read' },
      schema: {
        tags,
        summary: 'Pick lists of a quote: {partTypes, grades}, each [{id, name}]',
        response: { 200: quickQuoteLists },
      },
    },
    () => service.lists(),
  );
  r.post(
    '/api/QuickQuotes',
    {
      config: { action: 'serviceVehicle.write' },
      schema: {
        tags,
        summary: 'Add a quick quote {serviceVehicleId, quote1, quote2}',
        body: quickQuoteBody,
        response: { 201: quickQuote },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(currentUser(req), req.body)),
  );
  r.put(
    '/api/QuickQuotes/:id',
    {
      config: { action: 'serviceVehicle.write' },
      schema: {
        tags,
        summary: 'Change a quick quote {quote1?, quote2?}; only changed fields are written',
        response: { 200: quickQuote },
        params: idParams,
        body: quickQuoteUpdateBody,
      },
    },
    (req) => service.update(currentUser(req), req.params.id, req.body),
  );
}
