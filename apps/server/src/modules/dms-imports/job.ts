import { createHash } from 'node:crypto';
import {
  type DmsMapping,
  type DmsRowValues,
  dmsRepairCount,
  dmsRowReason,
  validateDmsRow,
} from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { type DmsVehicleRow, facilityTimeZone, upsertDmsVehicles } from '../service-vehicles/index.js';
import {
  type ClaimedImport,
  type ImportTable,
  type RunDeps,
  type RunOptions,
  recoverFileImports,
  runFileImport,
} from './file-import-run.js';
import { emitProgress } from './service.js';

export {
  ImportInterrupted,
  LEASE_SECONDS,
  MAX_ATTEMPTS,
  type RunDeps,
  type RunOptions,
} from './file-import-run.js';

export const DMS_IMPORT_JOB = 'dms-import';
export const DMS_IMPORTS: ImportTable = {
  name: 'dms_imports',
  state: 'status',
  total: 'total_rows',
  cancellable: true,
};
/** Batches of one facility run one at a time (pg_advisory_xact_lock(DMS_LOCK, facility)). */
const DMS_LOCK = 4_726_023;

interface Claimed extends ClaimedImport {
  facilityId: number;
  userId: number | null;
  headers: string[];
  mapping: DmsMapping;
  defaultRepairCount: number;
}

/** A data row of the file: a vehicle to write, or the reason it cannot be (kept with its cells). */
type Item =
  | { ok: true; row: DmsVehicleRow; cells: string[] }
  | { ok: false; rowNumber: number; reason: string; cells: string[] };

/** The digest of what a row imports: the same row imported again changes nothing. */
export function rowHash(values: DmsRowValues, repairCount: number): string {
  return createHash('sha1')
    .update(JSON.stringify({ ...values, repairCount: values.repairCount === null ? null : repairCount }))
    .digest('base64url');
}

async function importer(db: Database, userId: number | null): Promise<SessionUser> {
  const [u] = await db.rows<SessionUser>(
    sql`select id, user_name as "userName", first_name as "firstName", last_name as "lastName",
               user_role_id as "userRoleId", facility_id as "facilityId", null::int as "brandId",
               null::int as "tzo", null::int as "sessionId"
        from users where id = ${userId}`,
  );
  // An import whose user was removed still runs, in the system's name.
  return (
    u ?? {
      id: 0,
      sessionId: 0,
      userName: 'system',
      firstName: 'System',
      lastName: '',
      userRoleId: 1,
      facilityId: null,
      brandId: null,
      tzo: null,
    }
  );
}

/**
 * The import job (queue name `dms-import`, payload {importId}): the import pipeline's run (file-import-run.ts:
 * lease, batches, resume point, cancel) over the stored file, each row validated with the mapping and the service
 * vehicles written a batch per transaction through the service-vehicles area, with the batch's counters and the
 * rows that failed (with their cells). The row digests make a repeated row a no-op.
 */
export function runImport(deps: RunDeps, importId: number, opts: RunOptions = {}): Promise<void> {
  return runFileImport<Claimed, Item>({
    deps,
    importId,
    opts,
    table: DMS_IMPORTS,
    claim: sql`facility_id as "facilityId", user_id as "userId", headers, mapping,
      default_repair_count as "defaultRepairCount"`,
    noun: 'rows',
    again: 'Resume it to continue.',
    failure: 'DMS import failed',
    progress: async (id) => {
      await emitProgress(deps, id);
    },
    work: async (claimed) => {
      const user = await importer(deps.db, claimed.userId);
      const timeZone = await facilityTimeZone(deps.db, claimed.facilityId);
      const options = { spreadsheet: claimed.format === 'xlsx', headers: claimed.headers };
      return {
        batchSize: 1000,
        begin: sql`select pg_advisory_xact_lock(${DMS_LOCK}, ${claimed.facilityId})`,
        item(row) {
          const checked = validateDmsRow(row.cells, claimed.mapping, options);
          if (!checked.values)
            return {
              ok: false,
              rowNumber: row.rowNumber,
              reason: dmsRowReason(checked.errors),
              cells: row.cells,
            };
          const repairCount = dmsRepairCount(checked.values, claimed.defaultRepairCount);
          return {
            ok: true,
            row: {
              rowNumber: row.rowNumber,
              values: checked.values,
              repairCount,
              hash: rowHash(checked.values, repairCount),
            },
            cells: row.cells,
          };
        },
        // One RO twice in a batch: the earlier one is written first, so the later one updates it.
        keyOf: (item) => (item.ok ? item.row.values.roNumber : undefined),
        async write(tx, items) {
          const valid = items.filter((i) => i.ok);
          const out = await upsertDmsVehicles(tx, user, {
            facilityId: claimed.facilityId,
            importId,
            rows: valid.map((i) => i.row),
            timeZone,
          });
          const cells = new Map(valid.map((i) => [i.row.rowNumber, i.cells]));
          const failed = [
            ...items.filter((i) => !i.ok),
            ...out.failed.map((f) => ({ ...f, cells: cells.get(f.rowNumber) ?? [] })),
          ];
          if (failed.length)
            await tx.rows(
              sql`insert into dms_import_errors (import_id, row_number, reason, cells)
                  select ${importId}, x.row_number, x.reason, x.cells
                  from json_to_recordset(${JSON.stringify(failed.map((f) => ({ row_number: f.rowNumber, reason: f.reason, cells: f.cells })))}::json)
                    as x(row_number int, reason text, cells jsonb)
                  on conflict do nothing`,
            );
          return sql`created_count = created_count + ${out.created}, updated_count = updated_count + ${out.updated},
            unchanged_count = unchanged_count + ${out.unchanged}, failed_count = failed_count + ${failed.length}`;
        },
      };
    },
  });
}

/** Imports a previous process left queued or running: queued again (file-import-run.ts, recoverFileImports). */
export const recoverImports = (
  db: Database,
  enqueue: (id: number) => Promise<void>,
  opts: { sole: boolean },
): Promise<number[]> => recoverFileImports(db, DMS_IMPORTS, enqueue, opts);
