import {
  facilityODataRow,
  type MessageGroup,
  messageGroups,
  odataPage,
  pickList,
} from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../app-type.js';
import { odataQuerySchema } from '../../http/odata-schema.js';
import { sendODataList } from '../../http/odata-route.js';
import { f, nn } from '../../odata/fields.js';
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

export const facilitiesOData: ODataResource = {
  name: 'FacilitiesOData',
  from: 'facilities fa',
  fields: {
    id: f('fa.id', 'number'),
    name: nn('fa.name', 'string'),
    shortName: nn('fa.short_name', 'string'),
    code: nn('fa.code', 'string'),
    brandId: f('fa.brand_id', 'number'),
    city: f('fa.city', 'string'),
    state: f('fa.state', 'string'),
    isActive: nn('fa.is_active', 'boolean'),
    /** IANA zone (issue #16): the web prints the facility's dates on its wall clock. */
    timeZone: nn('fa.time_zone', 'string'),
  },
  defaultOrderBy: 'fa.name asc',
  key: 'fa.id',
  defaultTop: 200,
  maxTop: 1000,
};

/** Every real role reads the pick lists its screens offer. */
const lookups = { action: 'lookups.read' } as const;

export function lookupRoutes(app: App) {
  const { db } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [path, [table, orderBy]] of Object.entries(PICK_LISTS)) {
    r.get(
      path,
      {
        config: lookups,
        schema: {
          tags: ['lookups'],
          summary: `Active ${table.replaceAll('_', ' ')}`,
          response: { 200: pickList },
        },
      },
      () =>
        db.rows<{ id: number; name: string }>(
          sql`select id, name from ${sql.identifier(table)} where is_active order by ${sql.raw(orderBy)}`,
        ),
    );
  }
  r.get(
    '/api/FacilitiesOData',
    {
      config: lookups,
      schema: {
        tags: ['facilities'],
        summary: 'Facilities (OData), by name',
        querystring: odataQuerySchema,
        response: { 200: odataPage(facilityODataRow) },
      },
    },
    (req, reply) => sendODataList(db, facilitiesOData, req, reply),
  );
  r.get(
    '/api/MessageGroups',
    {
      config: lookups,
      schema: { tags: ['messaging'], summary: 'Message groups', response: { 200: messageGroups } },
    },
    () => db.rows<MessageGroup>(sql`select id, name, description from message_groups order by id`),
  );
  // GET /api/phoneExtensions/list and GET /api/vendors are derived from their resource declarations
  // (packages/domain/src/resources, apps/server/src/resources).
}
