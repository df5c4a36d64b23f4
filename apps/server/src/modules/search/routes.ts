import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { phoneLookupQuery, phoneLookupResult, searchQuery, searchResult } from '@glass/domain/contracts';
import type { App } from '../../app-type.js';
import { currentUser } from '../../http/auth.js';
import { SearchService } from './service.js';

export function searchRoutes(app: App) {
  const service = new SearchService(app.deps.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/search',
    {
      config: { action: 'search.use' },
      schema: {
        tags: ['search'],
        summary: 'Global search over invoices and service vehicles (phone matches the last digits)',
        querystring: searchQuery,
        response: { 200: searchResult },
      },
    },
    (req) => service.search(currentUser(req), req.query),
  );
  r.get(
    '/api/phone/lookup',
    {
      config: { action: 'search.use' },
      schema: {
        tags: ['search'],
        summary: 'Customers, service vehicles and invoices whose phone ends with these digits (Phone dialog)',
        querystring: phoneLookupQuery,
        response: { 200: phoneLookupResult },
      },
    },
    (req) => service.phoneLookup(currentUser(req), req.query.phone),
  );
}
