// `npm run remittance -w bench` (issue #35 item 7), under `flock /work/wt/bench.lock`: on the million-invoice
// bench database (BENCH_DATABASE_URL, default glass_bench) starts our server, writes a remittance file of
// BENCH_REMIT_LINES (50,000) payment lines paying real unfunded invoices (85 % exact full payments, 8 % short,
// 4 % a typo in the claim number, 3 % unknown), uploads and imports it, and times the import to done; meanwhile
// it loads reconcile's list and the invoice list (2 connections each) and records their p50/p99 against the
// same load while idle (BENCH_REMIT_QUIET=1: no load during the import, the job's own speed). Then the
// exceptions queue's first page, the sums to the cent, and the figures appended to bench/RESULTS.md. Last, unless
// BENCH_KEEP=1, it undoes what the import did to the shared database (the fundings, their transactions and
// history, the import and its lines), so the next run finds the same invoices unfunded; it picks its invoices at
// random each run anyway.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultReconcileRange, PaymentType } from '@glass/domain';
import { invoiceListSelect } from '@glass/domain/invoice-list';
import autocannon from 'autocannon';
import pg from 'pg';
import { adminHeaders, startAppServer, waitForHealth } from './app-server.js';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/glass_bench';
const total = Number(process.env.BENCH_REMIT_LINES ?? 50_000);
const keep = process.env.BENCH_KEEP === '1';
/** BENCH_REMIT_QUIET=1: no load on reconcile and the invoice list during the import (the job's own speed). */
const quiet = process.env.BENCH_REMIT_QUIET === '1';
const resultsFile = process.env.BENCH_RESULTS ?? path.join(import.meta.dirname, 'RESULTS.md');
const port = Number(process.env.BENCH_PORT ?? 3311);
const base = `http://127.0.0.1:${port}`;
const IDLE_SECONDS = 15;

interface Target {
  id: number;
  claim: string | null;
  owed: number; // cents
  total: number; // cents
}

const money = (cents: number) => (cents / 100).toFixed(2);
const randomInt = (n: number) => Math.floor(Math.random() * n);
const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** One character of the claim number's last digit changed (a typo): another claim, one edit away. */
function typo(claim: string): string {
  const at = claim.search(/\d(?=\D*$)/);
  if (at < 0) return `${claim.slice(0, -1)}${claim.endsWith('X') ? 'Y' : 'X'}`;
  return `${claim.slice(0, at)}${(Number(claim[at]) + 1 + randomInt(8)) % 10}${claim.slice(at + 1)}`;
}

function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

function loadFor(target: string, auth: Record<string, string>, seconds: number) {
  let stop: () => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    const inst = autocannon({ url: target, connections: 2, duration: seconds, headers: auth }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
    stop = () => inst.stop();
  });
  return { done, stop: () => stop() };
}

const row = (r: autocannon.Result) =>
  `${r.latency.p50} / ${r.latency.p99} ms, ${r.requests.average.toFixed(1)} req/s, ${r.non2xx + r.errors} errors`;

async function main() {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const exactCount = Math.round(total * 0.85);
  const shortCount = Math.round(total * 0.08);
  const fuzzyCount = Math.round(total * 0.04);
  const unknownCount = total - exactCount - shortCount - fuzzyCount;

  // Invoices a payment can fund: open, something owed, no lock, no open claim submission (whose moves the undo
  // below would have to reverse). Those with a claim number first (the file pays them by it); the rest are paid
  // by their invoice number, as a remittance line names the shop's invoice when the claim is not on it.
  const t0 = performance.now();
  const owed = `(i.total_cost - coalesce(i.deductible_amount, 0) - coalesce(i.deposit_amount, 0))`;
  const { rows: picked } = await db.query<{ id: number; claim: string | null; owed: string; total: string }>(
    `select i.id, i.claim_number as claim, (${owed} * 100)::bigint::text as owed,
            (i.total_cost * 100)::bigint::text as total
     from invoices i
     where not i.funded and not i.void and not i.lost and i.total_cost > 0
       and i.payment_type_id is distinct from ${PaymentType.Refused}
       and ${owed} >= 1
       and not exists (select 1 from invoice_locks l where l.invoice_id = i.id)
       and not exists (select 1 from claim_submissions s where s.invoice_id = i.id
                       and s.state in ('Sent', 'Acknowledged', 'Accepted', 'ShortPaid'))
     order by (i.claim_number is null or length(i.claim_number) < 5), random()
     limit $1`,
    [exactCount + shortCount + fuzzyCount],
  );
  const targets: Target[] = picked.map((p) => ({
    id: p.id,
    claim: p.claim,
    owed: Number(p.owed),
    total: Number(p.total),
  }));
  if (targets.length < exactCount + shortCount + fuzzyCount)
    throw new Error(`only ${targets.length} open invoices to pay`);
  // The typos go to invoices with a claim number (the first ones); the payments to the rest.
  const fuzzyTargets = targets.slice(0, fuzzyCount);
  const paid = shuffle(targets.slice(fuzzyCount));
  const pickMs = performance.now() - t0;

  const today = new Date();
  const day = `${today.getMonth() + 1}/${today.getDate()}/${today.getFullYear()}`;
  const run = Date.now().toString(36).toUpperCase();
  const lines: string[][] = [];
  paid.slice(0, exactCount).forEach((t, n) => {
    lines.push([
      t.claim ?? '',
      t.claim ? '' : `INV-${t.id}`,
      money(t.owed),
      money(t.total),
      day,
      `EFT-${run}-${n}`,
    ]);
  });
  paid.slice(exactCount).forEach((t, n) => {
    const short = 1 + randomInt(Math.max(1, Math.floor(t.owed / 2)));
    lines.push([
      t.claim ?? '',
      t.claim ? '' : `INV-${t.id}`,
      money(t.owed - short),
      money(t.total),
      day,
      `EFT-${run}-S${n}`,
    ]);
  });
  fuzzyTargets.forEach((t, n) => {
    lines.push([typo(t.claim as string), '', money(t.owed), money(t.total), day, `EFT-${run}-F${n}`]);
  });
  for (let n = 0; n < unknownCount; n++)
    lines.push([
      `ZZ-${run}-${String(randomInt(1e8)).padStart(8, '0')}`,
      '',
      money(1_000 + randomInt(200_000)),
      '',
      day,
      `EFT-${run}-U${n}`,
    ]);
  shuffle(lines);
  const header = ['Claim #', 'Invoice No', 'Amount Paid', 'Billed', 'Check Date', 'EFT #'];
  const csv = `${[header, ...lines].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
  const mapping = {
    claimNumber: 0,
    invoiceNumber: 1,
    paidAmount: 2,
    billedAmount: 3,
    paidOn: 4,
    checkNumber: 5,
  };

  // What the fundings change, kept to undo them: the chosen invoices' open transactions and updated_at.
  const ids = targets.map((t) => t.id);
  const { rows: txs } = await db.query(
    `select id, invoice_id, transaction_type_id, amount::text, reference, status_id, funded_at::text, user_id,
       updated_at::text
     from invoice_transactions where invoice_id = any($1::int[])`,
    [ids],
  );
  const { rows: stamps } = await db.query(
    `select id, updated_at::text from invoices where id = any($1::int[])`,
    [ids],
  );

  const server = startAppServer(url, port);
  let importId: number | undefined;
  try {
    await waitForHealth(base);
    const auth = await adminHeaders(base);
    const call = async (pathname: string, body?: unknown) => {
      const res = await fetch(`${base}${pathname}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          ...auth,
          ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<any>;
    };

    // The two screens' first requests: reconcile's default year (top 200, count and totals) and the invoice
    // list's latest 30 days (250 rows with the count).
    const range = defaultReconcileRange(new Date());
    const reconcile = `${base}/api/ReconcileInvoices?start=${encodeURIComponent(range.start.toISOString())}&end=${encodeURIComponent(range.end.toISOString())}&$top=200`;
    const from = new Date(Date.now() - 30 * 86400_000);
    const filter = encodeURIComponent(
      `OpenDateTime ge ${from.toISOString()} and OpenDateTime lt ${new Date().toISOString()}`,
    );
    const invoices = `${base}/api/Invoices?$filter=${filter}&$top=250&$count=true&$select=${invoiceListSelect()}`;
    await call(reconcile.slice(base.length));
    await call(invoices.slice(base.length));

    const idleR = loadFor(reconcile, auth, IDLE_SECONDS);
    const idleI = loadFor(invoices, auth, IDLE_SECONDS);
    const [idleReconcile, idleInvoices] = await Promise.all([idleR.done, idleI.done]);

    const form = new FormData();
    form.append('File', new Blob([csv], { type: 'text/csv' }), 'remittance-bench.csv');
    let t = performance.now();
    const up = await call('/api/Remittances', form);
    importId = up.import.id as number;
    const uploadMs = performance.now() - t;
    t = performance.now();
    const preview = await call(`/api/Remittances/${importId}/preview`, { mapping });
    const previewMs = performance.now() - t;

    t = performance.now();
    await call(`/api/Remittances/${importId}/start`, { mapping });
    const busyR = quiet ? undefined : loadFor(reconcile, auth, 600);
    const busyI = quiet ? undefined : loadFor(invoices, auth, 600);
    let done: any;
    for (;;) {
      await new Promise((r) => setTimeout(r, 1000));
      done = await call(`/api/Remittances/${importId}`);
      if (done.state !== 'queued' && done.state !== 'running') break;
    }
    const importMs = performance.now() - t;
    busyR?.stop();
    busyI?.stop();
    const [busyReconcile, busyInvoices] = await Promise.all([busyR?.done, busyI?.done]);
    const busyRow = (r: autocannon.Result | undefined) => (r ? row(r) : 'not loaded (BENCH_REMIT_QUIET=1)');
    const loadAvg = os.loadavg();
    const {
      rows: [job],
    } = await db.query<{ seconds: string }>(
      `select extract(epoch from finished_at - started_at)::numeric(10, 1)::text as seconds
       from remittance_imports where id = $1`,
      [importId],
    );

    // Sums to the cent: the funded lines against the funded transactions the import wrote.
    const {
      rows: [sums],
    } = await db.query<{ lines: string; txs: string; invoices: string; twice: string }>(
      `with f as (select matched_invoice_id as id, funded_amount from remittance_lines
                  where import_id = $1 and funded_amount > 0)
       select (select coalesce(sum(funded_amount), 0)::text from f) as lines,
              (select coalesce(sum(t.amount), 0)::text from invoice_transactions t
                 where t.invoice_id in (select id from f) and t.status_id = 1) as txs,
              (select count(*)::text from f) as invoices,
              (select count(*)::text from (select id from f group by id having count(*) > 1) d) as twice`,
      [importId],
    );

    const queue = await autocannon({
      url: `${base}/api/RemittanceExceptions?importId=${importId}`,
      connections: 2,
      duration: 10,
      headers: auth,
    });

    const mb = (csv.length / 2 ** 20).toFixed(1);
    const out = [
      `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: Remittance import, ${total.toLocaleString('en-US')} lines (issue #35)`,
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load average ${loadAvg.map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min, at the end of the import; the machine is shared), Node ${process.version}, PostgreSQL at ${new URL(url).host} (${(await db.query('select count(*)::int as n from invoices')).rows[0].n.toLocaleString('en-US')} invoices).`,
      '',
      `File: ${exactCount.toLocaleString('en-US')} exact full payments (by claim number, by invoice number where the invoice has none), ${shortCount.toLocaleString('en-US')} short payments, ${fuzzyCount.toLocaleString('en-US')} with a typo in the claim number, ${unknownCount.toLocaleString('en-US')} unknown; every paid invoice a random open one (chosen in ${(pickMs / 1000).toFixed(1)} s), no clearing house (the fuzzy pass looks among all open invoices of the amount).`,
      '',
      '| step | figure |',
      '|---|---:|',
      `| upload (${mb} MB CSV) | ${(uploadMs / 1000).toFixed(1)} s |`,
      `| preview (every line read, ${preview.validRows} valid, total ${money(preview.totalPaidCents)}) | ${(previewMs / 1000).toFixed(1)} s |`,
      `| **import to done** (start → completed, polled each second; the job's own started → finished: ${job.seconds} s) | **${(importMs / 1000).toFixed(1)} s** (${((importMs / total) * 1000).toFixed(0)} µs a line) |`,
      `| outcome: ${done.state}, funded / short-paid / exceptions / duplicates | ${done.fundedCount} / ${done.shortPaidCount} / ${done.exceptionCount} / ${done.duplicateCount} |`,
      `| funded: lines' sum / the funded transactions' sum / invoices / invoices funded twice | ${sums.lines} / ${sums.txs} / ${sums.invoices} / ${sums.twice} |`,
      `| reconcile (default year, top 200, count and totals; 2 connections) idle ${IDLE_SECONDS} s: p50 / p99 | ${row(idleReconcile)} |`,
      `| reconcile during the import | ${busyRow(busyReconcile)} |`,
      `| invoice list (latest 30 days, 250 rows, count; 2 connections) idle ${IDLE_SECONDS} s: p50 / p99 | ${row(idleInvoices)} |`,
      `| invoice list during the import | ${busyRow(busyInvoices)} |`,
      `| exceptions queue of the import, first page (2 connections, 10 s): p50 / p99 | ${row(queue)} |`,
      '',
    ];
    console.log(out.join('\n'));
    fs.appendFileSync(resultsFile, `${out.join('\n')}\n`);
  } finally {
    server.kill('SIGTERM');
    if (importId !== undefined && !keep) await undo(db, importId, ids, txs, stamps);
    await db.end();
  }
}

/**
 * Puts the shared database back as it was for the invoices the import funded: the transactions the fundings
 * added removed and those they funded restored, their funded state and updated_at restored, the history entries
 * of those fundings removed (their activity log rows are kept); then the import and its lines.
 */
async function undo(db: pg.Client, importId: number, ids: number[], txs: object[], stamps: object[]) {
  await db.query('begin');
  try {
    const { rows } = await db.query<{ id: number }>(
      `select distinct matched_invoice_id as id from remittance_lines where import_id = $1 and funded_amount > 0`,
      [importId],
    );
    const chosen = new Set(ids);
    const funded = rows.map((r) => r.id).filter((id) => chosen.has(id));
    if (funded.length < rows.length)
      console.warn(`${rows.length - funded.length} invoices funded outside the chosen ones are left funded`);
    // The transactions the fundings added (any not there before); those they funded, as they were.
    const fundedSet = new Set(funded);
    const theirs = (txs as Array<{ id: number; invoice_id: number }>).filter((t) =>
      fundedSet.has(t.invoice_id),
    );
    const before = new Set(theirs.map((t) => t.id));
    const { rows: now } = await db.query<{ id: number }>(
      `select t.id from invoice_transactions t join unnest($1::int[]) f(id) on t.invoice_id = f.id`,
      [funded],
    );
    // Nothing references the new transactions (checked in one statement), so they are deleted without the
    // foreign key's check per row: deposit_invoice_items.invoice_transaction_id has no index, and that check read
    // all 734,000 deposit items for each of 46,000 rows (over an hour). Triggers are off for that statement only
    // (session_replication_role; invoice_transactions has no trigger besides the key checks).
    const added = now.map((t) => t.id).filter((id) => !before.has(id));
    const { rows: used } = await db.query(
      'select count(*)::int as n from deposit_invoice_items where invoice_transaction_id = any($1::int[])',
      [added],
    );
    if (used[0].n > 0) throw new Error(`${used[0].n} deposit items reference the import's transactions`);
    await db.query("set local session_replication_role = 'replica'");
    await db.query('delete from invoice_transactions where id = any($1::int[])', [added]);
    await db.query("set local session_replication_role = 'origin'");
    await db.query(
      `update invoice_transactions t set transaction_type_id = s.transaction_type_id, amount = s.amount::numeric,
         reference = s.reference, status_id = s.status_id, funded_at = s.funded_at, user_id = s.user_id,
         updated_at = s.updated_at
       from jsonb_to_recordset($1::jsonb) as s(id int, invoice_id int, transaction_type_id int, amount text,
         reference text, status_id int, funded_at timestamptz, user_id int, updated_at timestamptz)
       where t.id = s.id`,
      [JSON.stringify(theirs)],
    );
    // The history entries go; their activity log rows stay (the log of what was done; deleting from that table
    // checks every table that references it, without an index on most).
    await db.query(
      `delete from invoice_history h using (select unnest($1::int[]) as id) f
       where h.invoice_id = f.id and h.activity = 'Invoice funded' and h.details like $2`,
      [funded, `%; remittance ${importId} line %`],
    );
    await db.query(
      `update invoices i set funded = false, funded_at = null, funded_by_id = null, updated_at = s.updated_at
       from jsonb_to_recordset($1::jsonb) as s(id int, updated_at timestamptz)
       where i.id = s.id`,
      [JSON.stringify((stamps as Array<{ id: number }>).filter((st) => fundedSet.has(st.id)))],
    );
    // The import's lines likewise: remittance_lines.duplicate_of_id has no index, and deleting 50,000 lines
    // through the cascade read the whole table for each (4 minutes). Unless a line of another import is a
    // duplicate of one of them (one statement), they are deleted with triggers off, then the import.
    const { rows: pointing } = await db.query(
      `select count(*)::int as n from remittance_lines d join remittance_lines l on l.id = d.duplicate_of_id
       where l.import_id = $1 and d.import_id <> $1`,
      [importId],
    );
    if (pointing[0].n > 0)
      throw new Error(`${pointing[0].n} lines of other imports are duplicates of this one's`);
    await db.query("set local session_replication_role = 'replica'");
    await db.query('delete from remittance_lines where import_id = $1', [importId]);
    await db.query("set local session_replication_role = 'origin'");
    await db.query('delete from remittance_imports where id = $1', [importId]);
    await db.query('commit');
    console.log(`undone: ${funded.length} fundings of import ${importId}, its lines and the import`);
  } catch (e) {
    await db.query('rollback');
    throw e;
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
