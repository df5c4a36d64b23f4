import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  attributeValues,
  attributeValuesBody,
  attributeValuesQuery,
  settingValueLists,
} from '@glass/domain/contracts';
import type { App } from '../../app-type.js';
import { currentUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { AttributeValueService } from './service.js';

const tags = ['attributes'];
const norm = (v: { value?: string | null; attributeNameId: number }) => ({
  attributeNameId: v.attributeNameId,
  value: v.value ?? null,
});

export function attributeValueRoutes(app: App) {
  const service = new AttributeValueService(app.deps.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/attributevalues',
    {
      config: { action: 'lookups.read' },
      schema: {
        tags,
        summary:
          "A page's attributes with their values (the user's own for a tab; shared for User, Facility, Invoice, ServiceVehicle)",
        querystring: attributeValuesQuery,
        response: { 200: attributeValues },
      },
    },
    (req) => service.list(req.query.Page, req.query.RecordId, currentUser(req)),
  );
  r.post(
    '/api/attributevalues',
    {
      config: { action: 'self.settings' },
      schema: {
        tags,
        summary: 'Save attribute values of a page',
        body: attributeValuesBody,
        response: { 200: attributeValues },
      },
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
    {
      config: { action: 'lookups.read' },
      schema: {
        tags,
        summary: 'Setting value lists (1 and 3 YES/NO, 17 levels …)',
        response: { 200: settingValueLists },
      },
    },
    () => service.settingValueLists(),
  );
}
