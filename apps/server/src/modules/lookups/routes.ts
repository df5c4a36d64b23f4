import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../app.js';
import { odataQuerySchema } from '../../http/odata-schema.js';
import { sendODataList } from '../../http/odata-route.js';
import { f } from '../../odata/fields.js';
import type { ODataResource } from '../../odata/types.js';

/** Small pick lists the session start-up load reads whole (spec 1 §3 "Session state"). */
const PICK_LISTS: Record<string, [table: string, orderBy: string]> = {
  '/api/customerWaitingOptions': ['customer_waiting_options', 'sort_order, name'],
  '/api/loanerCarTypes': ['loaner_car_types', 'name'],
  '/api/Dispositions': ['dispositions', 'sort_order, name'],
  '/api/LostReasons': ['lost_reasons', 'sort_order, name'],
  '/api/PartTypes': ['part_types', 'sort_order, id'],
  '/api/ReplacementPartStatuses': ['replacement_part_statuses', 'sort_order, id'],
};

const facilitiesOData: ODataResource = {
  name: 'FacilitiesOData',
  from: 'facilities fa',
  fields: {
    id: f('fa.id', 'number'),
    name: f('fa.name', 'string'),
    shortName: f('fa.short_name', 'string'),
    code: f('fa.code', 'string'),
    brandId: f('fa.brand_id', 'number'),
    city: f('fa.city', 'string'),
    state: f('fa.state', 'string'),
    isActive: f('fa.is_active', 'boolean'),
  },
  defaultOrderBy: 'fa.name asc',
  key: 'fa.id',
  defaultTop: 200,
  maxTop: 1000,
};

export function lookupRoutes(app: App) {
  const { db } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [path, [table, orderBy]] of Object.entries(PICK_LISTS)) {
    r.get(path, { schema: { tags: ['lookups'], summary: `Active ${table.replaceAll('_', ' ')}` } }, () =>
      db.rows(
        sql`select id, name from ${sql.identifier(table)} where is_active order by ${sql.raw(orderBy)}`,
      ),
    );
  }
  r.get(
    '/api/FacilitiesOData',
    {
      schema: { tags: ['facilities'], summary: 'Facilities (OData), by name', querystring: odataQuerySchema },
    },
    (req, reply) => sendODataList(db, facilitiesOData, req, reply),
  );
  r.get('/api/MessageGroups', { schema: { tags: ['messaging'], summary: 'Message groups' } }, () =>
    db.rows(sql`select id, name, description from message_groups order by id`),
  );
  // GET /api/phoneExtensions/list and GET /api/vendors are derived from their resource declarations
  // (packages/domain/src/resources, apps/server/src/resources).
}
