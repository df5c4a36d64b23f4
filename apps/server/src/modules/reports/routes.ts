import {
  REPORT_CATALOGUE,
  reportAnswer,
  reportCatalogue,
  reportExportQuery,
  reportIdParams,
  reportQuery,
} from '@glass/domain/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app-type.js';
import { currentUser } from '../../http/auth.js';
import { exportFileName, pickTable, reportCsv, reportXlsx } from './export.js';
import { runReport } from './service.js';

const tags = ['reports'];
const read = { action: 'reports.read' } as const;

/** /api/reports: the catalogue, one report's tables, and their CSV / XLSX export (README.md). */
export function reportRoutes(app: App) {
  const { db } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/reports',
    {
      config: read,
      schema: { tags, summary: 'The catalogue of reports', response: { 200: reportCatalogue } },
    },
    () => [...REPORT_CATALOGUE],
  );
  r.get(
    '/api/reports/:report',
    {
      config: read,
      schema: {
        tags,
        summary:
          'One report over from–to (calendar days in each facility’s time zone, at most 3 years), facilityId, brandId, groupBy (sales): its tables with their totals and charts',
        params: reportIdParams,
        querystring: reportQuery,
        response: { 200: reportAnswer },
      },
    },
    (req) => runReport(db, currentUser(req), req.params.report, req.query),
  );
  r.get(
    '/api/reports/:report/export',
    {
      config: read,
      schema: {
        tags,
        summary:
          'The report’s tables as shown, with their totals: format=csv (one table, `table` or the first) or format=xlsx (one sheet per table, or the one `table`)',
        params: reportIdParams,
        // zod's intersection keeps the range check (superRefine) of reportQuery.
        querystring: z.intersection(reportQuery, reportExportQuery),
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (req, reply) => {
      const { format, table, ...q } = req.query;
      const answer = await runReport(db, currentUser(req), req.params.report, q);
      if (format === 'csv') {
        const t = pickTable(answer, table);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportFileName(answer, t, 'csv')}"`)
          .send(reportCsv(t));
      }
      const tables = table === undefined ? answer.tables : [pickTable(answer, table)];
      const file = await reportXlsx(tables);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="${exportFileName(answer, table === undefined ? undefined : tables[0], 'xlsx')}"`,
        )
        .send(file);
    },
  );
}
