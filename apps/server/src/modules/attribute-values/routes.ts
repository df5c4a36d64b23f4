import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app.js';
import { currentUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { AttributeValueService } from './service.js';

const tags = ['attributes'];
const page = z.string().trim().min(1, 'Page is required').max(100);
const recordId = z.coerce.number().int().min(0);
const item = z.object({
  attributeNameId: z.coerce.number().int().positive(),
  value: z.string().max(500).nullish(),
});
const norm = (v: { value?: string | null; attributeNameId: number }) => ({
  attributeNameId: v.attributeNameId,
  value: v.value ?? null,
});

/** POST accepts {page, recordId, values: [...]}, one {attributeNameId, page, recordId, value}, or an array of those. */
const body = z.union([
  z.object({ page, recordId: recordId.default(0), values: z.array(item).max(200) }),
  item.extend({ page, recordId: recordId.default(0) }),
  z
    .array(item.extend({ page, recordId: recordId.default(0) }))
    .min(1)
    .max(200),
]);

export function attributeValueRoutes(app: App) {
  const service = new AttributeValueService(app.deps.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/attributevalues',
    {
      schema: {
        tags,
        summary:
          "A page's attributes with their values (the user's own for a tab; shared for User, Facility, Invoice, ServiceVehicle)",
        querystring: z.object({ Page: page, RecordId: recordId.default(0) }),
      },
    },
    (req) => service.list(req.query.Page, req.query.RecordId, currentUser(req)),
  );
  r.post(
    '/api/attributevalues',
    {
      config: { action: 'self.settings' },
      schema: { tags, summary: 'Save attribute values of a page', body },
    },
    (req) => {
      const b = req.body;
      if (Array.isArray(b)) {
        const pages = new Set(b.map((x) => `${x.page}\u0000${x.recordId}`));
        if (pages.size > 1) throw badRequest('page', 'Send the values of one page and record per request');
        return service.save(b[0].page, b[0].recordId, b.map(norm), currentUser(req));
      }
      if ('values' in b) return service.save(b.page, b.recordId, b.values.map(norm), currentUser(req));
      return service.save(b.page, b.recordId, [norm(b)], currentUser(req));
    },
  );
  r.get(
    '/api/settingValueLists',
    { schema: { tags, summary: 'Setting value lists (1 and 3 YES/NO, 17 levels …)' } },
    () => service.settingValueLists(),
  );
}
