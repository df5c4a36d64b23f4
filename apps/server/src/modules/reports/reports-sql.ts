/**
 * The five reports as SQL aggregates (README.md "The figures"). Each statement groups in PostgreSQL over
 * the `(facility_id, <time>)` indexes, one facility at a time within its own local range (`fr`,
 * scope.ts); only the grouped figures (a few hundred rows at most: facilities × periods) come to Node,
 * which lays them out as tables. Money is summed as exact numeric and read as integer cents.
 */
import type { ReportQuery, ReportTable } from '@glass/domain/contracts';
import type { SessionUser } from '../../auth/sessions.js';
import type { Db } from '../../db/unit-of-work.js';

export { approvalsReport } from './approvals-sql.js';
export { pipelineReport } from './pipeline-sql.js';
export { receivablesReport } from './receivables-sql.js';
export { salesReport } from './sales-sql.js';
export { techniciansReport } from './technicians-sql.js';

export type ReportFn = (db: Db, user: SessionUser, q: ReportQuery) => Promise<ReportTable[]>;
