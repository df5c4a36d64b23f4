import {
  REPORT_CATALOGUE,
  REPORT_GROUPINGS,
  type ReportAnswer,
  type ReportGrouping,
  type ReportId,
} from '@glass/domain/contracts/reports';
import { defaultReportRange, isCalendarDay, reportRangeProblem } from '@glass/domain/rules/report-range';
import dayjs from 'dayjs';
import { http } from '../../api/http';

/** The screen's state, all of it in the URL: which report and its filters. */
export interface ReportParams {
  report: ReportId;
  from: string;
  to: string;
  facilityId?: string;
  brandId?: string;
  groupBy: ReportGrouping;
}

const isReport = (v: string | null): v is ReportId => REPORT_CATALOGUE.some((r) => r.id === v);

export function paramsFromUrl(url: URLSearchParams, today = dayjs().format('YYYY-MM-DD')): ReportParams {
  const fallback = defaultReportRange(today);
  const report = url.get('report');
  const groupBy = url.get('groupBy') as ReportGrouping | null;
  return {
    report: isReport(report) ? report : 'sales',
    from: url.get('from') || fallback.from,
    to: url.get('to') || fallback.to,
    facilityId: url.get('facilityId') || undefined,
    brandId: url.get('brandId') || undefined,
    groupBy: groupBy && REPORT_GROUPINGS.includes(groupBy) ? groupBy : 'month',
  };
}

/** What stops the request before it is sent (the server says the same with a 400). */
export function rangeProblem(p: ReportParams): string | undefined {
  if (!isCalendarDay(p.from) || !isCalendarDay(p.to)) return 'Choose a start and an end date';
  return reportRangeProblem(p.from, p.to);
}

/** The query string of a report request: the filters the server takes. */
export function reportQueryString(p: ReportParams, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ from: p.from, to: p.to, groupBy: p.groupBy });
  if (p.facilityId) q.set('facilityId', p.facilityId);
  if (p.brandId) q.set('brandId', p.brandId);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return q.toString();
}

export const reportsApi = {
  get: (p: ReportParams) => http.get<ReportAnswer>(`reports/${p.report}?${reportQueryString(p)}`),
  csv: (p: ReportParams, table: string) =>
    http.download(
      `reports/${p.report}/export?${reportQueryString(p, { format: 'csv', table })}`,
      `${p.report}-${table}-${p.from}-${p.to}.csv`,
    ),
  xlsx: (p: ReportParams) =>
    http.download(
      `reports/${p.report}/export?${reportQueryString(p, { format: 'xlsx' })}`,
      `${p.report}-${p.from}-${p.to}.xlsx`,
    ),
};
