import { ACTIVITY_LOGS_DEFAULT_WINDOW_MINUTES } from '@glass/domain/constants';
import { type SQL, sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app.js';
import { sendODataList } from '../../http/odata-route.js';
import { odataQuerySchema } from '../../http/odata-schema.js';
import { activityLogDetailsResource, activityLogsResource } from './resources.js';

const tags = ['admin'];
const when = z.iso.datetime({ offset: true }).or(z.iso.date());
const id = z.coerce.number().int().min(0);

/**
 * Spec 2 §7 "Activity logs". Besides the OData options, the screen's plain parameters:
 * StartDate/EndDate (the window; with neither and no $filter, the last 10 minutes) and SessionId;
 * details by ActivityLogId, or by ParamId (443 = invoice id) and optionally Value.
 */
export function activityLogRoutes(app: App) {
  const { db } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/ActivityLogs',
    {
      config: { action: 'admin.read' },
      schema: {
        tags,
        summary: 'Activity logs, newest first, top 20 (expand details)',
        querystring: odataQuerySchema.extend({
          StartDate: when.optional(),
          EndDate: when.optional(),
          SessionId: id.optional(),
        }),
      },
    },
    (req, reply) => {
      const q = req.query;
      const parts: SQL[] = [];
      const hasFilter = Object.keys(q).some((k) => k.toLowerCase() === '$filter');
      if (q.StartDate) parts.push(sql`l.activity_date >= ${q.StartDate}::timestamptz`);
      if (q.EndDate) parts.push(sql`l.activity_date <= ${q.EndDate}::timestamptz`);
      if (!q.StartDate && !q.EndDate && !hasFilter) {
        parts.push(
          sql`l.activity_date >= now() - make_interval(mins => ${ACTIVITY_LOGS_DEFAULT_WINDOW_MINUTES})`,
        );
      }
      if (q.SessionId !== undefined) parts.push(sql`l.session_id = ${q.SessionId}`);
      return sendODataList(
        db,
        activityLogsResource,
        req,
        reply,
        parts.length ? sql.join(parts, sql` and `) : undefined,
      );
    },
  );

  r.get(
    '/api/ActivityLogDetails',
    {
      config: { action: 'admin.read' },
      schema: {
        tags,
        summary: 'Activity log details by ActivityLogId, or by ParamId (e.g. 443) and Value',
        querystring: odataQuerySchema.extend({
          ActivityLogId: id.optional(),
          ParamId: id.optional(),
          Value: z.string().max(200).optional(),
        }),
      },
    },
    (req, reply) => {
      const q = req.query;
      const parts: SQL[] = [];
      if (q.ActivityLogId !== undefined) parts.push(sql`d.activity_log_id = ${q.ActivityLogId}`);
      if (q.ParamId !== undefined) parts.push(sql`d.param_id = ${q.ParamId}`);
      if (q.Value !== undefined) parts.push(sql`d.value = ${q.Value}`);
      return sendODataList(
        db,
        activityLogDetailsResource,
        req,
        reply,
        parts.length ? sql.join(parts, sql` and `) : undefined,
      );
    },
  );
}
