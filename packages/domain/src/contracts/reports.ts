/**
 * The HTTP contract of reports (apps/server/src/modules/reports, issue #21): the catalogue, one report's
 * tables (each with the chart drawn from it) and the CSV / XLSX export of exactly those tables.
 * Money is integer cents; the range is two calendar days read in each facility's time zone
 * (rules/report-range.ts).
 */
import { z } from 'zod';
import { isCalendarDay, reportRangeProblem } from '../rules/report-range.js';

export const REPORT_IDS = ['sales', 'pipeline', 'technicians', 'receivables', 'approvals'] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export const REPORT_CATALOGUE: readonly { id: ReportId; title: string; description: string }[] = [
  {
    id: 'sales',
    title: 'Sales',
    description:
      'Invoices and revenue by facility and by day, week or month; repair versus replacement; average ticket.',
  },
  {
    id: 'pipeline',
    title: 'Pipeline conversion',
    description:
      'Service vehicles created, contacted, invoiced, completed and funded, by facility and by vehicle source; lost reasons and dispositions.',
  },
  {
    id: 'technicians',
    title: 'Technicians',
    description: 'Jobs completed per lead technician; installer visits, on-time arrivals and re-schedules.',
  },
  {
    id: 'receivables',
    title: 'Receivables',
    description:
      'Unfunded invoice value by insurance company and clearing house, in age buckets; days to pay per insurer, claim rejections by reason and short payments.',
  },
  {
    id: 'approvals',
    title: 'Approvals',
    description:
      'Customer approval requests sent, viewed, approved and declined, and the median time to answer.',
  },
];

export const reportIdParams = z.object({
  report: z.enum(REPORT_IDS, { error: 'Unknown report' }),
});

const day = z.string().refine(isCalendarDay, 'Must be a date (YYYY-MM-DD)');
const optionalId = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number().int('Must be a whole number').positive('Must be a positive id').optional(),
);

export const REPORT_GROUPINGS = ['day', 'week', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** The filters every report takes (kept in the screen's URL under the same names). */
export const reportQuery = z
  .object({
    from: day,
    to: day,
    facilityId: optionalId,
    brandId: optionalId,
    /** The Sales report's period; the others ignore it. Weeks start on Monday (ISO). */
    groupBy: z.enum(REPORT_GROUPINGS).default('month'),
  })
  .superRefine((q, ctx) => {
    if (!isCalendarDay(q.from) || !isCalendarDay(q.to)) return;
    const problem = reportRangeProblem(q.from, q.to);
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  });
export type ReportQuery = z.infer<typeof reportQuery>;

export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const reportExportQuery = z.object({
  format: z.enum(REPORT_EXPORT_FORMATS, { error: 'Must be csv or xlsx' }),
  /** CSV: the table to export (its id; the first when omitted). XLSX holds every table, one sheet each. */
  table: z.string().max(40).optional(),
});

/* --------------------------------------------------------------- responses */

/** How a column's values are written: counts and cents are integers, percent and days have one decimal. */
export const REPORT_COLUMN_TYPES = ['text', 'count', 'cents', 'percent', 'minutes', 'days'] as const;
export type ReportColumnType = (typeof REPORT_COLUMN_TYPES)[number];

export const reportColumn = z.object({
  key: z.string(),
  title: z.string(),
  type: z.enum(REPORT_COLUMN_TYPES),
});
export type ReportColumn = z.infer<typeof reportColumn>;

export const reportCell = z.union([z.string(), z.number(), z.null()]);
export const reportRow = z.record(z.string(), reportCell);
export type ReportRow = z.infer<typeof reportRow>;

/**
 * The chart drawn from a table's rows: `category` is the x axis, `values` the bars or lines; with
 * `series`, rows are pivoted (one bar or line per value of that column, e.g. per facility).
 */
export const reportChart = z.object({
  kind: z.enum(['bar', 'stackedBar', 'line']),
  category: z.string(),
  values: z.array(z.string()),
  series: z.string().optional(),
});
export type ReportChart = z.infer<typeof reportChart>;

export const reportTable = z.object({
  id: z.string(),
  title: z.string(),
  columns: z.array(reportColumn),
  rows: z.array(reportRow),
  /** The totals line under the rows (also exported), or null. */
  total: reportRow.nullable(),
  chart: reportChart.nullable(),
});
export type ReportTable = z.infer<typeof reportTable>;

export const reportAnswer = z.object({
  report: z.enum(REPORT_IDS),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  facilityId: z.number().int().nullable(),
  brandId: z.number().int().nullable(),
  groupBy: z.enum(REPORT_GROUPINGS),
  /** The facilities the answer covers (after the filters and the user's scope). */
  facilities: z.array(z.object({ id: z.number().int(), name: z.string(), timeZone: z.string() })),
  tables: z.array(reportTable),
});
export type ReportAnswer = z.infer<typeof reportAnswer>;

export const reportCatalogue = z.array(
  z.object({ id: z.enum(REPORT_IDS), title: z.string(), description: z.string() }),
);
