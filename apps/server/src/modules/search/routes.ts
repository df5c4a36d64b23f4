import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app.js';
import { SearchService } from './service.js';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);
const id = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional());

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
        querystring: z.object({
          phone: z
            .string()
            .trim()
            .max(11)
            .regex(/^[0-9.-]*$/, 'Digits only')
            .optional(),
          firstName: text(50),
          lastName: text(50),
          vin: text(17),
          licenseTag: text(10),
          facilityId: id,
          roNumber: text(30),
          invoiceId: id,
          referenceNumber: text(50),
        }),
      },
    },
    (req) => service.search(req.query),
  );
  r.get(
    '/api/phone/lookup',
    {
      config: { action: 'search.use' },
      schema: {
        tags: ['search'],
        summary: 'Customers, service vehicles and invoices whose phone ends with these digits (Phone dialog)',
        querystring: z.object({
          phone: z
            .string()
            .trim()
            .min(1)
            .max(11)
            .regex(/^[0-9.-]+$/, 'Digits only'),
        }),
      },
    },
    (req) => service.phoneLookup(req.query.phone),
  );
}
