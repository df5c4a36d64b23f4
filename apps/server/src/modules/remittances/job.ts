import { createHash, randomUUID } from 'node:crypto';
import {
  parseRemittanceRow,
  type RemittanceMapping,
  type RemittanceRowValues,
  matchRemittanceLine,
  remittanceLineKey,
  remittanceRowReason,
} from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/unit-of-work.js';
import type { FileStore } from '../../files/file-store.js';
import type { AlertHub } from '../../realtime/hub.js';
import { FileContentError, readRows, XlsxError } from '../dms-imports/index.js';
import { FundingService } from '../reconcile/index.js';
import {
  type BatchFunding,
  type CandidateRow,
  type FundingOutcome,
  findCandidatesMany,
  fundDecisions,
  matchAndFund,
} from './matching.js';
import { emitProgress } from './service.js';

export const REMITTANCE_IMPORT_JOB = 'remittance-import';
/** A runner whose heartbeat is older than this is taken to be dead; another one takes the import over. */
export const LEASE_SECONDS = 60;
/** Starts of one import before it is marked failed. */
export const MAX_ATTEMPTS = 3;
/**
 * Batches of all remittance imports run one at a time (pg_advisory_xact_lock): each locks many invoices, so two
 * files paying the same invoices in another order could otherwise deadlock.
 */
const REMITTANCE_LOCK = 4_726_035;

export interface RunDeps {
  db: Database;
  files: FileStore;
  hub: AlertHub;
  log?: { error: (obj: object, msg: string) => void };
}

export interface RunOptions {
  /** Lines per transaction (default 200). */
  batchSize?: number;
  signal?: AbortSignal;
  /** Test hook: runs before each batch is written; throwing there simulates a crash. */
  beforeBatch?: (batch: number) => void | Promise<void>;
}

interface Claimed {
  clearingHouseId: number | null;
  userId: number | null;
  filePath: string;
  format: 'csv' | 'xlsx';
  mapping: RemittanceMapping;
  rowsDone: number;
  attempts: number;
  scope: number[] | null;
}

class LeaseLost extends Error {}
/** Thrown by a test's beforeBatch hook: the run stops as a crashed process would. */
export class RemittanceInterrupted extends Error {}

/** The stored digest of a line's key (rules/remittance-match.ts remittanceLineKey). */
export const lineKeyDigest = (key: string) => createHash('sha1').update(key).digest('base64url');

/** The key of a row that could not be read: its cells, so the same unreadable row is not queued twice. */
const invalidKey = (clearingHouseId: number | null, cells: readonly string[]) =>
  lineKeyDigest(`invalid|${clearingHouseId ?? 0}|${JSON.stringify(cells)}`);

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

export interface LineRecord {
  lineNo: number;
  values: RemittanceRowValues | null;
  cells: string[];
  reason: string | null;
}

/**
 * One line into the import: recorded with its key (a key seen before, in any import, makes it a Duplicate
 * that funds nothing), matched, and funded when the match is sure (matching.ts). Inside the batch's unit of
 * work. Answers the outcome. The definition of a line's outcome: the job runs importBatch, which gives every
 * line of a batch the outcome this gives it line by line (batch.test.ts compares the two).
 */
export async function importLine(
  tx: Db,
  ctx: {
    importId: number;
    clearingHouseId: number | null;
    scope: number[] | null;
    user: SessionUser;
    funding: FundingService;
  },
  line: LineRecord,
): Promise<string> {
  const v = line.values;
  const key = v
    ? lineKeyDigest(remittanceLineKey(ctx.clearingHouseId, v))
    : invalidKey(ctx.clearingHouseId, line.cells);
  const fields = sql`${ctx.importId}, ${line.lineNo}, ${v?.claimNumber ?? null}, ${v?.referenceNumber ?? null},
    ${v?.invoiceNumber ?? null}, ${v ? (v.paidCents / 100).toFixed(2) : null}::numeric,
    ${v?.billedCents != null ? (v.billedCents / 100).toFixed(2) : null}::numeric, ${v?.payerName ?? null},
    ${v?.paidOn ?? null}::date, ${v?.checkNumber ?? null}, ${JSON.stringify(line.cells)}::jsonb`;
  const [inserted] = await tx.rows<{ id: number }>(
    sql`insert into remittance_lines (import_id, line_no, claim_number, reference_number, invoice_number, paid_amount,
          billed_amount, payer_name, paid_on, check_number, cells, outcome, reason, line_key)
        values (${fields}, 'Exception', ${line.reason}, ${key})
        on conflict do nothing returning id`,
  );
  if (!inserted) {
    const [same] = await tx.rows<{ id: number }>(
      sql`select id from remittance_lines where import_id = ${ctx.importId} and line_no = ${line.lineNo}`,
    );
    if (same) return 'Skipped';
    const [first] = await tx.rows<{ id: number }>(
      sql`select id from remittance_lines where line_key = ${key}`,
    );
    await tx.rows(
      sql`insert into remittance_lines (import_id, line_no, claim_number, reference_number, invoice_number, paid_amount,
            billed_amount, payer_name, paid_on, check_number, cells, outcome, reason, duplicate_of_id)
          values (${fields}, 'Duplicate', ${'The same line was imported before'}, ${first?.id ?? null})`,
    );
    return 'Duplicate';
  }
  if (!v) return 'Exception';
  const { match, fundedCents } = await matchAndFund(
    tx,
    {
      funding: ctx.funding,
      user: ctx.user,
      importId: ctx.importId,
      lineNo: line.lineNo,
      source: 'remittance',
    },
    v,
    ctx.clearingHouseId,
    ctx.scope,
  );
  const outcome =
    match.decision === 'fund' ? 'Funded' : match.decision === 'shortPay' ? 'ShortPaid' : 'Exception';
  await tx.rows(
    sql`update remittance_lines set matched_invoice_id = ${match.invoiceId}, match_kind = ${match.kind},
          confidence = ${match.confidence}, alternatives = ${`{${match.alternatives.join(',')}}`}::int[],
          outcome = ${outcome}, reason = ${match.reason}, short_amount = ${(match.shortCents / 100).toFixed(2)}::numeric,
          funded_amount = ${(fundedCents / 100).toFixed(2)}::numeric
        where id = ${inserted.id}`,
  );
  return outcome;
}

const amountText = (cents: number | null | undefined) => (cents != null ? (cents / 100).toFixed(2) : null);

/** A line's columns as remittance_lines stores them (importLine's insert), for the batch's statements. */
const lineColumns = (line: LineRecord) => {
  const v = line.values;
  return {
    lineNo: line.lineNo,
    claim: v?.claimNumber ?? null,
    ref: v?.referenceNumber ?? null,
    inv: v?.invoiceNumber ?? null,
    paid: v ? amountText(v.paidCents) : null,
    billed: v ? amountText(v.billedCents) : null,
    payer: v?.payerName ?? null,
    paidOn: v?.paidOn ?? null,
    check: v?.checkNumber ?? null,
    cells: line.cells,
  };
};

const LINE_RECORD = sql`v("lineNo" int, claim text, ref text, inv text, paid numeric, billed numeric, payer text,
  "paidOn" date, "check" text, cells jsonb, reason text, key text, "duplicateOf" int, ord int)`;

/**
 * A batch of lines into the import, with the outcome importLine gives each line in the file's order, in a few
 * statements for the whole batch instead of a dozen per line:
 *
 * 1. the keys already stored (this import's line numbers: Skipped; another line's key: Duplicate) in one
 *    query; a key twice in the batch makes the later line a Duplicate of the first;
 * 2. the new lines in one insert (outcome Exception until decided), the duplicates in another;
 * 3. the candidates of every readable line (findCandidatesMany: the exact pass, then the fuzzy pass);
 * 4. the decision per line in order (the domain's matchRemittanceLine). A line whose candidates include an
 *    invoice an earlier line of the batch is funding would be decided differently once that funding is
 *    written (the invoice funded, out of the fuzzy pass), so the fundings decided so far are written first and
 *    that line is matched and funded on its own (matchAndFund), against the invoices as they then are;
 * 5. the sure lines funded together (fundDecisions: one per invoice, reconcile's checks and 409s);
 * 6. the lines' outcomes in one update.
 */
export async function importBatch(
  tx: Db,
  ctx: {
    importId: number;
    clearingHouseId: number | null;
    scope: number[] | null;
    user: SessionUser;
    funding: FundingService;
  },
  lines: readonly LineRecord[],
): Promise<void> {
  if (lines.length === 0) return;
  const keys = lines.map((line) =>
    line.values
      ? lineKeyDigest(remittanceLineKey(ctx.clearingHouseId, line.values))
      : invalidKey(ctx.clearingHouseId, line.cells),
  );
  // Digests are base64url (letters, digits, - and _): safe in an array literal.
  const stored = await tx.rows<{ lineNo: number | null; key: string | null; id: number }>(
    sql`select line_no as "lineNo", null::text as key, id from remittance_lines
        where import_id = ${ctx.importId} and line_no = any(${`{${lines.map((l) => l.lineNo).join(',')}}`}::int[])
        union all
        select null, line_key, id from remittance_lines where line_key = any(${`{${keys.join(',')}}`}::text[])`,
  );
  const skipped = new Set(stored.flatMap((r) => (r.lineNo !== null ? [Number(r.lineNo)] : [])));
  const storedKeys = new Map(stored.flatMap((r) => (r.key !== null ? [[r.key, Number(r.id)] as const] : [])));
  const firstOfKey = new Map<string, number>();
  const fresh: number[] = [];
  const duplicates: Array<{ at: number; of: number | 'batch' }> = [];
  for (const [at, line] of lines.entries()) {
    if (skipped.has(line.lineNo)) continue;
    const key = keys[at];
    const before = storedKeys.get(key);
    if (before !== undefined) duplicates.push({ at, of: before });
    else if (firstOfKey.has(key)) duplicates.push({ at, of: 'batch' });
    else {
      firstOfKey.set(key, at);
      fresh.push(at);
    }
  }
  const ids = new Map<number, number>(); // batch position -> line id
  if (fresh.length) {
    const rows = JSON.stringify(
      fresh.map((at, ord) => ({ ...lineColumns(lines[at]), reason: lines[at].reason, key: keys[at], ord })),
    );
    const inserted = await tx.rows<{ id: number; lineNo: number }>(
      sql`insert into remittance_lines (import_id, line_no, claim_number, reference_number, invoice_number, paid_amount,
            billed_amount, payer_name, paid_on, check_number, cells, outcome, reason, line_key)
          select ${ctx.importId}, v."lineNo", v.claim, v.ref, v.inv, v.paid, v.billed, v.payer, v."paidOn", v."check",
            v.cells, 'Exception', v.reason, v.key
          from jsonb_to_recordset(${rows}::jsonb) as ${LINE_RECORD}
          order by v.ord
          on conflict do nothing returning id, line_no as "lineNo"`,
    );
    // Batches run one at a time (the advisory lock) and only they write lines: every new line goes in.
    if (inserted.length !== fresh.length) throw new Error('remittance lines written by another run');
    const atOfLine = new Map(fresh.map((at) => [lines[at].lineNo, at]));
    for (const r of inserted) ids.set(atOfLine.get(Number(r.lineNo)) as number, Number(r.id));
  }
  if (duplicates.length) {
    const rows = JSON.stringify(
      duplicates.map(({ at, of }, ord) => ({
        ...lineColumns(lines[at]),
        reason: 'The same line was imported before',
        duplicateOf: of === 'batch' ? ids.get(firstOfKey.get(keys[at]) as number) : of,
        ord,
      })),
    );
    await tx.rows(
      sql`insert into remittance_lines (import_id, line_no, claim_number, reference_number, invoice_number, paid_amount,
            billed_amount, payer_name, paid_on, check_number, cells, outcome, reason, duplicate_of_id)
          select ${ctx.importId}, v."lineNo", v.claim, v.ref, v.inv, v.paid, v.billed, v.payer, v."paidOn", v."check",
            v.cells, 'Duplicate', v.reason, v."duplicateOf"
          from jsonb_to_recordset(${rows}::jsonb) as ${LINE_RECORD}
          order by v.ord`,
    );
  }

  // The readable new lines: matched, decided, funded.
  const readable = fresh.filter((at) => lines[at].values !== null);
  const candidates = await findCandidatesMany(
    tx,
    readable.map((at) => lines[at].values as RemittanceRowValues),
    ctx.clearingHouseId,
    ctx.scope,
  );
  const fundCtx = { funding: ctx.funding, user: ctx.user, importId: ctx.importId, source: 'remittance' };
  const outcomes = new Map<number, FundingOutcome>();
  const taken = new Set<number>(); // invoices an earlier line of the batch funds (or has funded)
  let pending: Array<BatchFunding & { at: number }> = [];
  const fundPending = async () => {
    if (pending.length === 0) return;
    const items = pending;
    pending = [];
    const done = await fundDecisions(tx, fundCtx, items);
    for (const [i, { at }] of items.entries()) outcomes.set(at, done[i]);
  };
  for (const [i, at] of readable.entries()) {
    const line = lines[at];
    const v = line.values as RemittanceRowValues;
    const found: CandidateRow[] = candidates[i];
    if (found.some((c) => taken.has(c.id))) {
      await fundPending();
      const out = await matchAndFund(
        tx,
        { ...fundCtx, lineNo: line.lineNo },
        v,
        ctx.clearingHouseId,
        ctx.scope,
      );
      outcomes.set(at, out);
      if (out.fundedCents > 0 && out.match.invoiceId !== null) taken.add(out.match.invoiceId);
      continue;
    }
    const match = matchRemittanceLine(v, found);
    if (match.decision === 'exception' || match.invoiceId === null) {
      outcomes.set(at, { match, fundedCents: 0 });
      continue;
    }
    taken.add(match.invoiceId);
    pending.push({ at, lineNo: line.lineNo, line: v, match });
  }
  await fundPending();

  if (readable.length) {
    const rows = JSON.stringify(
      readable.map((at) => {
        const { match, fundedCents } = outcomes.get(at) as FundingOutcome;
        return {
          id: ids.get(at),
          inv: match.invoiceId,
          kind: match.kind,
          confidence: match.confidence,
          alternatives: `{${match.alternatives.join(',')}}`,
          outcome:
            match.decision === 'fund' ? 'Funded' : match.decision === 'shortPay' ? 'ShortPaid' : 'Exception',
          reason: match.reason,
          short: amountText(match.shortCents),
          funded: amountText(fundedCents),
        };
      }),
    );
    await tx.rows(
      sql`update remittance_lines r set matched_invoice_id = v.inv, match_kind = v.kind, confidence = v.confidence,
            alternatives = v.alternatives::int[], outcome = v.outcome, reason = v.reason, short_amount = v.short,
            funded_amount = v.funded
          from jsonb_to_recordset(${rows}::jsonb)
            as v(id int, inv int, kind text, confidence int, alternatives text, outcome text, reason text,
                 short numeric, funded numeric)
          where r.id = v.id`,
    );
  }
}

/**
 * The import job (queue `remittance-import`, payload {importId}): streams the stored file through the DMS
 * imports' readers (their limits), reads each row as a payment line with the mapping, and records, matches and
 * funds the lines a batch per transaction; each batch also moves `rows_done` (the resume point) under the run's
 * lease (runner, heartbeat_at), as the DMS import does. A run that cannot go on marks the import failed.
 */
export async function runRemittanceImport(
  deps: RunDeps,
  importId: number,
  opts: RunOptions = {},
): Promise<void> {
  const token = randomUUID();
  const [claimed] = await deps.db.rows<Claimed>(
    sql`update remittance_imports set runner = ${token}, heartbeat_at = now(), state = 'running',
          started_at = coalesce(started_at, now()), attempts = attempts + 1, updated_at = now()
        where id = ${importId} and state in ('queued', 'running')
          and (runner is null or heartbeat_at is null or heartbeat_at < now() - make_interval(secs => ${LEASE_SECONDS}))
        returning clearing_house_id as "clearingHouseId", created_by_id as "userId", file_path as "filePath", format,
          mapping, rows_done as "rowsDone", attempts, scope_facility_ids as scope`,
  );
  if (!claimed) return;
  const finish = async (state: 'completed' | 'failed' | 'queued', error?: string, total?: number) => {
    await deps.db.rows(
      sql`update remittance_imports set state = ${state}, error = ${error ?? null}, runner = null, updated_at = now(),
            rows_total = coalesce(${total ?? null}::int, rows_total),
            finished_at = ${state === 'queued' ? null : sql`now()`}
          where id = ${importId} and runner = ${token}`,
    );
    await emitProgress(deps, importId);
  };
  if (claimed.attempts > MAX_ATTEMPTS)
    return finish(
      'failed',
      `The import stopped ${MAX_ATTEMPTS} times without finishing; ${claimed.rowsDone} lines were imported. Start it again to continue.`,
    );
  await emitProgress(deps, importId);
  const scope = claimed.scope === null ? null : claimed.scope.map(Number);
  const ctx = {
    importId,
    clearingHouseId: claimed.clearingHouseId,
    scope,
    user: await importer(deps.db, claimed.userId, scope),
    funding: new FundingService(deps.db),
  };
  const batchSize = opts.batchSize ?? 200;
  const spreadsheet = claimed.format === 'xlsx';
  let seen = 0;
  let batchNo = 0;
  let batch: LineRecord[] = [];
  let lastEmit = 0;

  const flush = async (): Promise<boolean> => {
    batchNo++;
    await opts.beforeBatch?.(batchNo);
    const lines = batch;
    batch = [];
    await deps.db.transaction(async (tx) => {
      // No JIT compilation for the batch's statements: the planner prices each candidate probe over a lateral
      // key (a partial expression index has no statistics it uses) at thousands of rows, so a batch's
      // statement looks costly enough to compile (a second or two) while it runs in milliseconds.
      await tx.rows(sql`select pg_advisory_xact_lock(${REMITTANCE_LOCK}), set_config('jit', 'off', true)`);
      await importBatch(tx, ctx, lines);
      const [moved] = await tx.rows<{ id: number }>(
        sql`update remittance_imports set rows_done = ${seen}, heartbeat_at = now(), updated_at = now()
            where id = ${importId} and runner = ${token} returning id`,
      );
      if (!moved) throw new LeaseLost();
    });
    if (Date.now() - lastEmit > 1000) {
      lastEmit = Date.now();
      await emitProgress(deps, importId);
    }
    if (opts.signal?.aborted) {
      await finish('queued');
      return false;
    }
    return true;
  };

  try {
    let header = true;
    for await (const row of readRows(deps.files, claimed.filePath, claimed.format)) {
      if (header) {
        header = false;
        continue;
      }
      seen++;
      if (seen <= claimed.rowsDone) continue;
      const parsed = parseRemittanceRow(row.cells, claimed.mapping, { spreadsheet });
      batch.push({
        lineNo: row.rowNumber,
        values: parsed.values,
        cells: row.cells,
        reason: parsed.values ? null : `Line ${row.rowNumber}: ${remittanceRowReason(parsed.errors)}`,
      });
      if (batch.length >= batchSize && !(await flush())) return;
    }
    if (batch.length && !(await flush())) return;
    await finish('completed', undefined, seen);
  } catch (err) {
    if (err instanceof LeaseLost || err instanceof RemittanceInterrupted) return;
    const reason =
      err instanceof FileContentError || err instanceof XlsxError
        ? err.message
        : `The import failed after ${claimed.rowsDone} lines: ${err instanceof Error ? err.message : String(err)}`;
    deps.log?.error({ err, importId }, 'Remittance import failed');
    await finish('failed', reason).catch(() => {});
  }
}

/** Imports a previous process left queued or running: queued again (see the DMS imports' recoverImports). */
export async function recoverRemittanceImports(
  db: Database,
  enqueue: (id: number) => Promise<void>,
  { sole }: { sole: boolean },
): Promise<number[]> {
  const rows = await db.rows<{ id: number }>(
    sql`update remittance_imports set runner = null, state = 'queued', updated_at = now()
        where state in ('queued', 'running')
          and (${sole} or runner is null or heartbeat_at < now() - make_interval(secs => ${LEASE_SECONDS}))
        returning id`,
  );
  for (const { id } of rows) await enqueue(id);
  return rows.map((r) => r.id);
}
