import {
  REPORT_CATALOGUE,
  type ReportAnswer,
  type ReportId,
  type ReportQuery,
} from '@glass/domain/contracts';
import type { SessionUser } from '../../auth/sessions.js';
import type { Db } from '../../db/unit-of-work.js';
import {
  approvalsReport,
  pipelineReport,
  type ReportFn,
  receivablesReport,
  salesReport,
  techniciansReport,
} from './reports-sql.js';
import { facilitiesInScope } from './scope.js';

const REPORTS: Record<ReportId, ReportFn> = {
  sales: salesReport,
  pipeline: pipelineReport,
  technicians: techniciansReport,
  receivables: receivablesReport,
  approvals: approvalsReport,
};

/** One report for a user: its tables over the facilities in the user's scope and the filters. */
export async function runReport(
  db: Db,
  user: SessionUser,
  id: ReportId,
  q: ReportQuery,
): Promise<ReportAnswer> {
  const [facilities, tables] = await Promise.all([facilitiesInScope(db, user, q), REPORTS[id](db, user, q)]);
  return {
    report: id,
    title: REPORT_CATALOGUE.find((r) => r.id === id)?.title ?? id,
    from: q.from,
    to: q.to,
    facilityId: q.facilityId ?? null,
    brandId: q.brandId ?? null,
    groupBy: q.groupBy,
    facilities,
    tables,
  };
}
