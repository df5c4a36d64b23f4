import { ACTIVITY_LOGS_DEFAULT_WINDOW_MINUTES } from '@glass/domain/constants';
import { type SQL, sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activityLogDetails,
  activityLogDetailsParams,
  activityLogs,
  activityLogsParams,
} from '@glass/domain/contracts';
import type { App } from '../../app-type.js';
import { sendODataList } from '../../http/odata-route.js';
import { odataQuerySchema } from '../../http/odata-schema.js';
import { activityLogDetailsResource, activityLogsResource } from './resources.js';

const tags = ['admin'];

/**
 * Spec 2 §7 "Activity logs". Besides the OData options, the screen's plain parameters:
 * StartDate/EndDate (the window; with neither and no $filter, the last 10 minutes ending now) and SessionId;
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
        querystring: odataQuerySchema.extend(activityLogsParams.shape),
        response: { 200: activityLogs },
      },
    },
    (req, reply) => {
      const q = req.query;
      const parts: SQL[] = [];
      const hasFilter = Object.keys(q).some((k) => k.toLowerCase() === '$filter');
      if (q.StartDate) parts.push(sql`l.activity_date >= ${q.StartDate}::timestamptz`);
      if (q.EndDate) parts.push(sql`l.activity_date <= ${q.EndDate}::timestamptz`);
      if (!q.StartDate && !q.EndDate && !hasFilter) {
        // Spec 2 §9: the last 10 minutes, ending now (a row dated after now is not "the last 10 minutes").
        parts.push(
          sql`l.activity_date >= now() - make_interval(mins => ${ACTIVITY_LOGS_DEFAULT_WINDOW_MINUTES})`,
          sql`l.activity_date <= now()`,
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
        querystring: odataQuerySchema.extend(activityLogDetailsParams.shape),
        response: { 200: activityLogDetails },
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
