import { parseRemittanceRow, type RemittanceMapping, remittanceRowReason } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { type ImportTable, type RunDeps, type RunOptions, runFileImport } from '../dms-imports/index.js';
import { FundingService } from '../reconcile/index.js';
import { importBatch, type LineRecord } from './import-lines.js';
import { emitProgress } from './service.js';

export const REMITTANCE_IMPORT_JOB = 'remittance-import';
export const REMITTANCE_IMPORTS: ImportTable = {
  name: 'remittance_imports',
  state: 'state',
  total: 'rows_total',
  cancellable: false,
};
/**
 * Batches of all remittance imports run one at a time (pg_advisory_xact_lock): each locks many invoices, so two
 * files paying the same invoices in another order could otherwise deadlock.
 */
const REMITTANCE_LOCK = 4_726_035;

interface Claimed {
  filePath: string;
  format: 'csv' | 'xlsx';
  rowsDone: number;
  attempts: number;
  clearingHouseId: number | null;
  userId: number | null;
  mapping: RemittanceMapping;
  scope: number[] | null;
}

/** The user an import funds as: its starter, within the facilities it was started with. */
export async function importer(
  db: Database,
  userId: number | null,
  scope: number[] | null,
): Promise<SessionUser> {
  const [u] = await db.rows<Omit<SessionUser, 'allowedFacilityIds' | 'sessionId'>>(
    sql`select id, user_name as "userName", first_name as "firstName", last_name as "lastName",
               user_role_id as "userRoleId", facility_id as "facilityId", facility_id as "homeFacilityId",
               brand_id as "brandId", null::int as tzo
        from users where id = ${userId}`,
  );
  const base = u ?? {
    id: 0,
    userName: 'system',
    firstName: 'System',
    lastName: '',
    userRoleId: 1,
    facilityId: null,
    homeFacilityId: null,
    brandId: null,
    tzo: null,
  };
  return { ...base, sessionId: 0, allowedFacilityIds: scope };
}

/**
 * The import job (queue `remittance-import`, payload {importId}): the import pipeline's run (the DMS imports'
 * file-import-run.ts: lease, batches, resume point) over the stored file, each row read as a payment line with
 * the mapping, and the lines recorded, matched and funded a batch per transaction (import-lines.ts).
 */
export function runRemittanceImport(deps: RunDeps, importId: number, opts: RunOptions = {}): Promise<void> {
  return runFileImport<Claimed, LineRecord>({
    deps,
    importId,
    opts,
    table: REMITTANCE_IMPORTS,
    claim: sql`clearing_house_id as "clearingHouseId", created_by_id as "userId", mapping,
      scope_facility_ids as scope`,
    noun: 'lines',
    again: 'Start it again to continue.',
    failure: 'Remittance import failed',
    progress: async (id) => {
      await emitProgress(deps, id);
    },
    work: async (claimed) => {
      const scope = claimed.scope === null ? null : claimed.scope.map(Number);
      const ctx = {
        importId,
        clearingHouseId: claimed.clearingHouseId,
        scope,
        user: await importer(deps.db, claimed.userId, scope),
        funding: new FundingService(deps.db),
      };
      const spreadsheet = claimed.format === 'xlsx';
      return {
        batchSize: 1000,
        // No JIT compilation for the batch's statements: the planner prices each candidate probe over a lateral
        // key (a partial expression index has no statistics it uses) at thousands of rows, so a batch's
        // statement looks costly enough to compile (a second or two) while it runs in milliseconds.
        begin: sql`select pg_advisory_xact_lock(${REMITTANCE_LOCK}), set_config('jit', 'off', true)`,
        item(row) {
          const parsed = parseRemittanceRow(row.cells, claimed.mapping, { spreadsheet });
          return {
            lineNo: row.rowNumber,
            values: parsed.values,
            cells: row.cells,
            reason: parsed.values ? null : `Line ${row.rowNumber}: ${remittanceRowReason(parsed.errors)}`,
          };
        },
        async write(tx, lines) {
          await importBatch(tx, ctx, lines);
          return undefined;
        },
      };
    },
  });
}
