// The batched import (job.ts importBatch) against the per-line definition (importLine): the same outcome for every
// line, the same money on the invoices; and the edges a batch adds (one invoice paid twice in a batch, a line
// whose fuzzy candidate an earlier line funds, a refusal in the middle of a batch, a key twice in a batch).
import { parseRemittanceRow, type RemittanceMapping } from '@glass/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, login } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import type { Db } from '../../db/unit-of-work.js';
import { FundingService } from '../reconcile/index.js';
import { userIdOf } from '../reconcile/test-helpers.js';
import { importBatch, importLine, type LineRecord } from './import-lines.js';
import { importer } from './job.js';
import {
  claimInvoice,
  csvText,
  HEADER,
  importRemittance,
  MAPPING,
  money,
  runTag,
  uploadRemittance,
} from './test-helpers.js';

let app: App;
let aa: string;
let aaId: number;
let adminId: number;
let clearingHouseId: number;
let insurerId: number;

beforeAll(async () => {
  app = await createTestApp();
  aa = await login(app, DEMO.adminAssistant);
  aaId = await userIdOf(app, DEMO.adminAssistant.userName);
  adminId = await userIdOf(app, DEMO.admin.userName);
  const [ch] = await app.deps.db.rows<{ id: number }>(
    sql`insert into clearing_houses (name) values (${`Batch CH ${runTag()}`}) returning id`,
  );
  clearingHouseId = ch.id;
  const [ic] = await app.deps.db.rows<{ id: number }>(
    sql`insert into insurance_companies (name, clearing_house_id) values (${`Batch Ins ${runTag()}`}, ${ch.id}) returning id`,
  );
  insurerId = ic.id;
}, 120_000);
afterAll(() => app?.close());

interface LineView {
  lineNo: number;
  outcome: string;
  invoiceId: number | null;
  kind: string;
  confidence: number;
  alternatives: string;
  reason: string | null;
  short: string;
  funded: string;
  duplicateOfLine: number | null;
}

const linesOf = (db: Db, importId: number) =>
  db.rows<LineView>(
    sql`select l.line_no as "lineNo", l.outcome, l.matched_invoice_id as "invoiceId", l.match_kind as kind, l.confidence,
          l.alternatives::text as alternatives, l.reason, l.short_amount::text as short, l.funded_amount::text as funded,
          d.line_no as "duplicateOfLine"
        from remittance_lines l left join remittance_lines d on d.id = l.duplicate_of_id
        where l.import_id = ${importId} order by l.line_no`,
  );

/** Each invoice's funded state and funded transactions, with the history entries of its fundings. */
const moneyOf = (db: Db, ids: readonly number[]) =>
  db.rows<{ id: number; funded: boolean; txs: string | null; history: string | null; claims: string | null }>(
    sql`select i.id, i.funded,
          (select string_agg(t.amount::text || ' ' || coalesce(t.reference, '-'), ', ' order by t.amount)
             from invoice_transactions t where t.invoice_id = i.id and t.status_id = 1) as txs,
          (select string_agg(h.details, ' | ' order by h.details) from invoice_history h
             where h.invoice_id = i.id and h.activity = 'Invoice funded') as history,
          (select string_agg(c.state || ' ' || c.amount_paid::text, ', ' order by c.id) from claim_submissions c
             where c.invoice_id = i.id) as claims
        from invoices i where i.id = any(${`{${ids.join(',')}}`}::int[]) order by i.id`,
  );

class Rollback extends Error {}

/**
 * The rows the file's lines give, once through importLine line by line (rolled back) and once through
 * importBatch in batches of `batchSize` (kept): both views, from the same starting state.
 */
async function bothWays(csv: string, invoiceIds: readonly number[], batchSize: number) {
  const up = await uploadRemittance(app, aa, { name: 'batch.csv', data: csv }, clearingHouseId);
  const importId = up.import.id;
  const rows = csv
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((text) => text.split(','));
  const lines: LineRecord[] = rows.map((cells, i) => {
    const parsed = parseRemittanceRow(cells, MAPPING as RemittanceMapping);
    return { lineNo: i + 2, values: parsed.values, cells, reason: parsed.values ? null : 'unreadable' };
  });
  const ctx = {
    importId,
    clearingHouseId,
    scope: null,
    user: await importer(app.deps.db, aaId, null),
    funding: new FundingService(app.deps.db),
  };
  let perLine: { lines: LineView[]; money: Awaited<ReturnType<typeof moneyOf>> } | undefined;
  await app.deps.db
    .transaction(async (tx) => {
      for (const line of lines) await importLine(tx, ctx, line);
      perLine = { lines: await linesOf(tx, importId), money: await moneyOf(tx, invoiceIds) };
      throw new Rollback();
    })
    .catch((e) => {
      if (!(e instanceof Rollback)) throw e;
    });
  for (let i = 0; i < lines.length; i += batchSize)
    await app.deps.db.transaction((tx) => importBatch(tx, ctx, lines.slice(i, i + batchSize)));
  const batched = {
    lines: await linesOf(app.deps.db, importId),
    money: await moneyOf(app.deps.db, invoiceIds),
  };
  return { perLine: perLine as NonNullable<typeof perLine>, batched };
}

/** A small deterministic random source (mulberry32), so a failing mix can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('importBatch gives every line the outcome importLine gives it', () => {
  it('the edges of a batch: one invoice paid twice, a fuzzy candidate funded earlier, a lock, a key twice', async () => {
    const tag = runTag();
    const a = await claimInvoice(app, { claim: `${tag}-A1`, labor: 10_000, insurerId });
    const b = await claimInvoice(app, { claim: `${tag}B45678`, labor: 17_123, insurerId });
    const locked = await claimInvoice(app, { claim: `${tag}-L`, labor: 8_000, insurerId });
    const withOpen = await claimInvoice(app, { claim: `${tag}-O`, labor: 9_000, insurerId });
    const c = await claimInvoice(app, { claim: `${tag}-C`, labor: 11_000, insurerId });
    const claimed = await claimInvoice(app, { claim: `${tag}-S`, labor: 7_000, insurerId });
    await app.deps.db.rows(
      sql`insert into claim_submissions (invoice_id, clearing_house_id, state, sent_on, amount_claimed)
          values (${claimed.id}, ${clearingHouseId}, 'Sent', 'submit', ${money(claimed.owedCents)}::numeric)`,
    );
    await app.deps.db.rows(
      sql`insert into invoice_locks (invoice_id, user_id) values (${locked.id}, ${adminId})`,
    );
    await app.deps.db.rows(
      sql`insert into invoice_transactions (invoice_id, transaction_type_id, status_id, amount, payment_type_id)
          values (${withOpen.id}, 1, 0, ${money(withOpen.owedCents)}::numeric, 1)`,
    );
    const csv = csvText(HEADER, [
      [`${tag}-A1`, '', money(a.owedCents), '', '11/20/2026', 'E1'], // funds A
      [`${tag}-A1`, '', money(a.owedCents), '', '11/21/2026', 'E2'], // A again, another day: already funded
      [`${tag}B45678`, '', money(b.owedCents), '', '11/20/2026', 'E3'], // funds B
      [`${tag}B45679`, '', money(b.owedCents), money(b.owedCents), '11/20/2026', 'E4'], // typo: B is funded now
      [`${tag}-L`, '', money(locked.owedCents), '', '11/20/2026', 'E5'], // locked by the admin: exception
      [`${tag}-O`, '', money(withOpen.owedCents), '', '11/20/2026', 'E6'], // funds its open transaction
      [`${tag}-C`, '', money(c.owedCents - 1_000), '', '11/20/2026', 'E7'], // short
      [`${tag}-C`, '', money(c.owedCents - 1_000), '', '11/20/2026', 'E7'], // the same line: a duplicate
      [`${tag}-C`, '', money(1_000), '', '11/22/2026', 'E8'], // the rest of C: funded already
      ['NO-SUCH-CLAIM', '', '12.34', '', '11/20/2026', 'E9'], // unknown
      [`${tag}-S`, '', money(claimed.owedCents), '', '11/20/2026', 'E10'], // funds it, the claim Paid
    ]);
    const ids = [a.id, b.id, locked.id, withOpen.id, c.id, claimed.id];
    const { perLine, batched } = await bothWays(csv, ids, 200);
    expect(batched).toEqual(perLine);
    expect(batched.lines.map((l) => [l.outcome, l.invoiceId, l.duplicateOfLine])).toEqual([
      ['Funded', a.id, null],
      ['Exception', a.id, null],
      ['Funded', b.id, null],
      ['Exception', null, null],
      ['Exception', locked.id, null],
      ['Funded', withOpen.id, null],
      ['ShortPaid', c.id, null],
      ['Duplicate', null, 8],
      ['Exception', c.id, null],
      ['Exception', null, null],
      ['Funded', claimed.id, null],
    ]);
    expect(batched.money[5].claims).toBe(`Paid ${money(claimed.owedCents)}`);
    expect(batched.lines[1].reason).toBe(`Invoice ${a.id} is already funded.`);
    expect(batched.lines[4].reason).toMatch(new RegExp(`^Invoice ${locked.id} is locked by `));
    const [ma, , ml, mo] = batched.money;
    expect(ma.txs).toBe(`${money(a.owedCents)} E1`);
    expect(ml).toMatchObject({ funded: false, txs: null });
    expect(mo.txs).toBe(`${money(withOpen.owedCents)} E6`);
    const [{ count }] = await app.deps.db.rows<{ count: number }>(
      sql`select count(*)::int as count from invoice_transactions where invoice_id = ${withOpen.id}`,
    );
    expect(count).toBe(1);
  });

  it("lines read again ahead of their turn: one amount's fuzzy candidates funded in two rounds of a batch", async () => {
    // B, D and E share a total: each is in the fuzzy candidates of every typo below. Funding B makes the typo
    // lines after it stale (read again together in a second round); funding D in that round makes them stale
    // again (a third round).
    const tag = runTag();
    const [b, d, e] = await Promise.all(
      ['B', 'D', 'E'].map((k) => claimInvoice(app, { claim: `${tag}${k}45678`, labor: 23_457, insurerId })),
    );
    const x = money(b.owedCents);
    const csv = csvText(HEADER, [
      [`${tag}B45678`, '', x, '', '11/20/2026', 'R1'], // funds B
      [`${tag}B45679`, '', x, x, '11/20/2026', 'R2'], // typo: B funded now
      [`${tag}D45678`, '', x, '', '11/20/2026', 'R3'], // funds D
      [`${tag}D45679`, '', x, x, '11/20/2026', 'R4'], // typo: D funded now
      [`${tag}E45679`, '', x, x, '11/20/2026', 'R5'], // typo of E, still open
      [`${tag}E45678`, '', x, '', '11/20/2026', 'R6'], // funds E
    ]);
    const { perLine, batched } = await bothWays(csv, [b.id, d.id, e.id], 200);
    expect(batched).toEqual(perLine);
    expect(batched.lines.map((l) => l.outcome)).toEqual([
      'Funded',
      'Exception',
      'Funded',
      'Exception',
      'Exception',
      'Funded',
    ]);
  });

  it('a random mix, in batches of 1, 3 and 50: the same outcomes and money as line by line', async () => {
    for (const [seed, batchSize] of [
      [1, 1],
      [2, 3],
      [3, 50],
    ]) {
      const next = random(seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
      const tag = runTag();
      const invoices = [];
      for (let i = 0; i < 8; i++)
        invoices.push({
          claim: `${tag}Q${1000 + i}`,
          ...(await claimInvoice(app, {
            claim: `${tag}Q${1000 + i}`,
            labor: pick([10_000, 10_000, 12_500, 20_000]),
            insurerId,
          })),
        });
      const rows: string[][] = [];
      for (let i = 0; i < 40; i++) {
        const inv = pick(invoices);
        const day = `11/${10 + Math.floor(next() * 3)}/2026`;
        const kind = pick(['full', 'full', 'full', 'short', 'over', 'typo', 'number', 'unknown', 'again']);
        if (kind === 'again' && rows.length) rows.push([...pick(rows)]);
        else if (kind === 'typo')
          rows.push([
            `${inv.claim.slice(0, -1)}9`,
            '',
            money(inv.owedCents),
            money(inv.owedCents),
            day,
            `T${i}`,
          ]);
        else if (kind === 'number') rows.push(['', `INV-${inv.id}`, money(inv.owedCents), '', day, `N${i}`]);
        else if (kind === 'unknown') rows.push([`${tag}ZZ${i}`, '', money(inv.owedCents), '', day, `U${i}`]);
        else {
          const paid = inv.owedCents + (kind === 'short' ? -500 : kind === 'over' ? 500 : 0);
          rows.push([inv.claim, '', money(paid), '', day, `F${i}`]);
        }
      }
      const { perLine, batched } = await bothWays(
        csvText(HEADER, rows),
        invoices.map((i) => i.id),
        batchSize,
      );
      expect(batched, `seed ${seed}`).toEqual(perLine);
      expect(
        batched.lines.filter((l) => l.outcome === 'Funded' || l.outcome === 'ShortPaid').length,
      ).toBeGreaterThan(0);
    }
  });

  it('the job funds a batch through the route: two lines of one invoice in one file fund it once', async () => {
    const tag = runTag();
    const inv = await claimInvoice(app, { claim: `${tag}-T`, labor: 6_000, insurerId });
    const csv = csvText(HEADER, [
      [`${tag}-T`, '', money(inv.owedCents), '', '11/20/2026', 'X1'],
      [`${tag}-T`, '', money(inv.owedCents), '', '11/23/2026', 'X2'],
    ]);
    const imp = await importRemittance(app, aa, csv, clearingHouseId);
    expect(imp).toMatchObject({ fundedCount: 1, exceptionCount: 1, fundedCents: inv.owedCents });
    const [m] = await moneyOf(app.deps.db, [inv.id]);
    expect(m).toMatchObject({ funded: true, txs: `${money(inv.owedCents)} X1` });
    expect(m.history).toMatch(new RegExp(`; remittance ${imp.id} line 2$`));
  });
});
