// `npm run bench`: seeds (if needed) a scaled PostgreSQL database, starts our server and the bare reference
// endpoint side by side, loads each list with autocannon (10 connections, BENCH_SECONDS each), and appends
// requests/s, p50, p99 and the ratio to bench/RESULTS.md.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { invoiceListSelect } from '@glass/domain/invoice-list';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/glass_bench';
const scale = Number(process.env.BENCH_SCALE ?? 334);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const resultsFile = process.env.BENCH_RESULTS ?? path.join(import.meta.dirname, 'RESULTS.md');
const connections = 10;
const tsx = path.join(root, 'node_modules/.bin/tsx');

async function invoiceCount(): Promise<number> {
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const db = url.split('/').pop()!;
  const exists = await admin.query('select 1 from pg_database where datname = $1', [db]);
  if (!exists.rowCount) await admin.query(`create database "${db.replace(/"/g, '')}"`);
  await admin.end();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query('select count(*)::int as n from invoices');
    return r.rows[0].n;
  } catch {
    return 0;
  } finally {
    await c.end();
  }
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(tsx, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitFor(u: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(u)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${u} did not come up`);
}

/**
 * Waits (up to 60 s) until no other query runs on the database: a slow endpoint's queries outlive the
 * load that sent them, and would otherwise weigh on the next figure.
 */
async function quiet() {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (let i = 0; i < 120; i++) {
      const r = await c.query(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()",
      );
      if (r.rows[0].n === 0) return;
      await new Promise((done) => setTimeout(done, 500));
    }
  } finally {
    await c.end();
  }
}

async function load(target: string, headers: Record<string, string> = {}) {
  await quiet();
  return autocannon({ url: target, connections, duration: seconds, headers });
}

async function main() {
  const n = await invoiceCount();
  if (n < scale * 2900) {
    console.log(`seeding ${url} at scale ${scale} (has ${n} invoices)…`);
    const t = Date.now();
    const r = spawnSync(tsx, ['apps/server/src/db/seed/cli.ts', '--reset', '--scale', String(scale)], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, SCRYPT_COST: '16384' },
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('seed failed');
    console.log(`seeded in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('vacuum analyze');
  const stats = (
    await c.query(`select (select count(*) from invoices)::int as invoices,
      (select count(*) from service_vehicles)::int as sv, (select max(open_date_time) from invoices) as latest,
      pg_size_pretty(pg_table_size('invoices')) as "table", pg_size_pretty(pg_indexes_size('invoices')) as "indexes"`)
  ).rows[0];
  await c.end();

  const ours = start(['apps/server/src/main.ts'], {
    DATABASE_URL: url,
    PORT: '3300',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SCRYPT_COST: '16384',
  });
  const bare = start(['bench/bare-server.ts'], { DATABASE_URL: url, PORT: '3301' });
  try {
    await waitFor('http://127.0.0.1:3300/api/health');
    await waitFor('http://127.0.0.1:3301/service-vehicles');
    const signIn = async (userName: string, password: string) => {
      const login = await fetch('http://127.0.0.1:3300/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName, password, tzo: 300 }),
      });
      const { token } = (await login.json()) as { token: string };
      return { authorization: `Bearer ${token}` };
    };
    const admin = await signIn('101', '258036');
    const leadTech = await signIn('103', '471582');

    const to = new Date(stats.latest);
    const from = new Date(to.getTime() - 30 * 86400_000);
    const filter = encodeURIComponent(
      `OpenDateTime ge ${from.toISOString()} and OpenDateTime lt ${to.toISOString()}`,
    );
    // rows/count read the page size and the total of either envelope (OData, or {items, total}).
    const odata = { rows: (r: any) => r.value.length, count: (r: any) => r['@odata.count'] };
    const myList = { rows: (r: any) => r.items.length, count: (r: any) => r.total };
    const cases = [
      {
        name: 'invoice list (30-day window, top 250, count, spec order, the screen’s $select)',
        ours: `http://127.0.0.1:3300/api/Invoices?$filter=${filter}&$top=250&$count=true&$select=${invoiceListSelect()}`,
        bare: `http://127.0.0.1:3301/invoices?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`,
        auth: admin,
        ...odata,
      },
      {
        name: 'service vehicle list (the screen’s request: no filter, top 100, count, priority then id desc)',
        ours: `http://127.0.0.1:3300/api/ServiceVehicles?$top=100&$count=true&$orderby=${encodeURIComponent('priority asc,id desc')}`,
        bare: 'http://127.0.0.1:3301/service-vehicles',
        auth: admin,
        ...odata,
      },
      {
        name: 'outstanding invoices (the screen’s request: top 25, count, oldest first)',
        ours: `http://127.0.0.1:3300/api/Invoices/outstanding?$top=25&$count=true&$select=${invoiceListSelect('outstandingReason')}`,
        bare: 'http://127.0.0.1:3301/outstanding',
        auth: admin,
        ...odata,
      },
      {
        name: 'finalizing invoices (the screen’s request: top 250, count, oldest submission first)',
        ours: `http://127.0.0.1:3300/api/Invoices/finalizing?$top=250&$count=true&$select=${invoiceListSelect('submittedAt', 'clearingHouse')}`,
        bare: 'http://127.0.0.1:3301/finalizing',
        auth: admin,
        ...odata,
      },
      {
        name: "My Requests (user 101's open vehicles with a tech request, newest message first, 10, total)",
        ours: 'http://127.0.0.1:3300/api/listMyRequests?TZO=300&take=10&userId=101',
        bare: 'http://127.0.0.1:3301/my-requests?userId=101',
        auth: admin,
        ...myList,
      },
      {
        name: "My Service Vehicles (user 103's active vehicles, priority order, first 10, total)",
        ours: 'http://127.0.0.1:3300/api/listMyServiceVehicles?TZO=300&take=10&userId=103',
        bare: 'http://127.0.0.1:3301/my-service-vehicles?userId=103',
        auth: leadTech,
        ...myList,
      },
    ];
    const lines: string[] = [];
    // BENCH_CASES=invoice,My runs only the cases whose name contains one of the words.
    const only = process.env.BENCH_CASES?.split(',').filter(Boolean);
    for (const k of cases.filter((c) => !only || only.some((w) => c.name.includes(w)))) {
      // Same-size check: both answer the same number of rows.
      const a = (await (await fetch(k.ours, { headers: k.auth })).json()) as any;
      const b = (await (await fetch(k.bare)).json()) as any;
      if (k.rows(a) !== k.rows(b) || k.count(a) !== k.count(b)) {
        throw new Error(`${k.name}: ours ${k.rows(a)}/${k.count(a)} rows vs bare ${k.rows(b)}/${k.count(b)}`);
      }
      const bareRes = await load(k.bare);
      const oursRes = await load(k.ours, k.auth);
      const row = (label: string, r: autocannon.Result) =>
        `| ${label} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} |`;
      lines.push(
        `### ${k.name}`,
        '',
        '| endpoint | req/s | p50 ms | p99 ms | errors |',
        '|---|---:|---:|---:|---:|',
        row('bare Fastify + pg, naive SQL', bareRes),
        row('ours (auth, OData parse, validation)', oursRes),
        '',
        `ratio ours / bare: **${(oursRes.requests.average / bareRes.requests.average).toFixed(2)}×** requests/s; ${k.rows(a)} rows per response, count ${k.count(a)}.`,
        '',
      );
      console.log(lines.slice(-8).join('\n'));
    }
    const header = [
      `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ` +
        `PostgreSQL at ${new URL(url).host}. Data: ${stats.invoices.toLocaleString('en-US')} invoices (table ${stats.table}, ` +
        `indexes ${stats.indexes}), ${stats.sv.toLocaleString('en-US')} service vehicles. ${connections} connections, ${seconds} s per figure, ` +
        'both servers running at once with the same pool size (10).',
      '',
    ];
    fs.appendFileSync(resultsFile, `${[...header, ...lines].join('\n')}\n`);
  } finally {
    ours.kill('SIGTERM');
    bare.kill('SIGTERM');
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
