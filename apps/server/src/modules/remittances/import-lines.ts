import { createHash } from 'node:crypto';
import { type RemittanceRowValues, matchRemittanceLine, remittanceLineKey } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Db } from '../../db/unit-of-work.js';
import type { FundingService } from '../reconcile/index.js';
import { type BatchFunding, type FundingOutcome, fundDecisions, matchAndFund } from './funding.js';
import { findCandidatesMany } from './matching.js';

/** The stored digest of a line's key (rules/remittance-match.ts remittanceLineKey). */
export const lineKeyDigest = (key: string) => createHash('sha1').update(key).digest('base64url');

/** The key of a row that could not be read: its cells, so the same unreadable row is not queued twice. */
const invalidKey = (clearingHouseId: number | null, cells: readonly string[]) =>
  lineKeyDigest(`invalid|${clearingHouseId ?? 0}|${JSON.stringify(cells)}`);

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

/** A new line with its outcome (the columns of importLine's insert and then its update). */
const FRESH_RECORD = sql`v("lineNo" int, claim text, ref text, inv text, paid numeric, billed numeric, payer text,
  "paidOn" date, "check" text, cells jsonb, reason text, key text, ord int, matched int, kind text, confidence int,
  alternatives text, outcome text, short numeric, funded numeric)`;

/**
 * A batch of lines into the import, with the outcome importLine gives each line in the file's order, in a few
 * statements for the whole batch instead of a dozen per line (README "How an import runs", decision 0032):
 *
 * 1. the keys already stored (this import's line numbers: Skipped; another line's key: Duplicate) in one
 *    query; a key twice in the batch makes the later line a Duplicate of the first;
 * 2. the candidates of every readable new line (findCandidatesMany: the exact pass, then the fuzzy pass);
 * 3. the decision per line in order (the domain's matchRemittanceLine), in rounds: the sure lines' fundings wait
 *    to be written together. A line whose candidates include an invoice an earlier line decided to fund since
 *    they were read would be decided differently once that funding is written (the invoice funded, out of the
 *    fuzzy pass), so the fundings decided so far are written first and the candidates of that line, and of every
 *    later line stale by then, are read again in one statement;
 * 4. each round's fundings written together (fundDecisions: one per invoice, reconcile's checks and 409s);
 * 5. the new lines with their outcomes in one insert, then the duplicates.
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
  // Rounds: the fundings decided since the last write are written together (fundPending); `round` counts the
  // writes. A line's candidates were read in round readIn[i]: they still hold unless one of them is an invoice
  // an earlier line decided to fund in that round or later (`taken`: the round it was decided in). Such a
  // funding could change the line's candidates (the invoice funded, out of the fuzzy pass, the next one in);
  // one of any other invoice could not (a key it does not carry, or a fuzzy rank below the line's 50).
  let round = 0;
  const readIn = readable.map(() => 0);
  const taken = new Map<number, number>(); // invoice -> round in which an earlier line of the batch funds it
  const stale = (i: number) => candidates[i].some((c) => (taken.get(c.id) ?? -1) >= readIn[i]);
  let pending: Array<BatchFunding & { at: number }> = [];
  const fundPending = async () => {
    round++;
    if (pending.length === 0) return;
    const items = pending;
    pending = [];
    const done = await fundDecisions(tx, fundCtx, items);
    for (const [i, { at }] of items.entries()) outcomes.set(at, done[i]);
  };
  for (const [i, at] of readable.entries()) {
    const line = lines[at];
    const v = line.values as RemittanceRowValues;
    if (stale(i)) {
      // The fundings so far are written, then the candidates read again: this line's, and at once those of the
      // later lines that are stale too (the lines of one common amount share their fuzzy candidates).
      await fundPending();
      const again = readable.flatMap((_, j) => (j === i || (j > i && stale(j)) ? [j] : []));
      const reread = await findCandidatesMany(
        tx,
        again.map((j) => lines[readable[j]].values as RemittanceRowValues),
        ctx.clearingHouseId,
        ctx.scope,
      );
      for (const [k, j] of again.entries()) {
        candidates[j] = reread[k];
        readIn[j] = round;
      }
    }
    const match = matchRemittanceLine(v, candidates[i]);
    if (match.decision === 'exception' || match.invoiceId === null) {
      outcomes.set(at, { match, fundedCents: 0 });
      continue;
    }
    taken.set(match.invoiceId, round);
    pending.push({ at, lineNo: line.lineNo, line: v, match });
  }
  await fundPending();

  // The new lines, each with its outcome (an unreadable one: an Exception with its reason), in one insert; then
  // the duplicates, which point at them.
  const ids = new Map<number, number>(); // batch position -> line id
  if (fresh.length) {
    const rows = JSON.stringify(
      fresh.map((at, ord) => {
        const out = outcomes.get(at);
        const match = out?.match;
        return {
          ...lineColumns(lines[at]),
          reason: match ? match.reason : lines[at].reason,
          key: keys[at],
          ord,
          matched: match?.invoiceId ?? null,
          kind: match?.kind ?? 'none',
          confidence: match?.confidence ?? 0,
          alternatives: `{${(match?.alternatives ?? []).join(',')}}`,
          outcome: !match
            ? 'Exception'
            : match.decision === 'fund'
              ? 'Funded'
              : match.decision === 'shortPay'
                ? 'ShortPaid'
                : 'Exception',
          short: amountText(match?.shortCents ?? 0),
          funded: amountText(out?.fundedCents ?? 0),
        };
      }),
    );
    const inserted = await tx.rows<{ id: number; lineNo: number }>(
      sql`insert into remittance_lines (import_id, line_no, claim_number, reference_number, invoice_number, paid_amount,
            billed_amount, payer_name, paid_on, check_number, cells, outcome, reason, line_key, matched_invoice_id,
            match_kind, confidence, alternatives, short_amount, funded_amount)
          select ${ctx.importId}, v."lineNo", v.claim, v.ref, v.inv, v.paid, v.billed, v.payer, v."paidOn", v."check",
            v.cells, v.outcome, v.reason, v.key, v.matched, v.kind, v.confidence, v.alternatives::int[], v.short,
            v.funded
          from jsonb_to_recordset(${rows}::jsonb) as ${FRESH_RECORD}
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
}
