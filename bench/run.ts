// `npm run bench`: seeds (if needed) a scaled PostgreSQL database, starts our server and the bare reference
// endpoint side by side, loads each list with autocannon (10 connections, BENCH_SECONDS each), uncompressed and as a
// browser asks for it (Accept-Encoding), and appends requests/s, p50, p99, size and the ratios to bench/RESULTS.md.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultReconcileRange } from '@glass/domain';
import { invoiceListSelect } from '@glass/domain/invoice-list';
import autocannon from 'autocannon';
import pg from 'pg';
import { machineLine } from './app-server.js';

const root = path.resolve(import.meta.dirname, '..');
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/glass_bench';
const scale = Number(process.env.BENCH_SCALE ?? 334);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const resultsFile = process.env.BENCH_RESULTS ?? path.join(import.meta.dirname, 'RESULTS.md');
const connections = 10;
const tsx = path.join(root, 'node_modules/.bin/tsx');
// Our server listens on BENCH_PORT (default 3300), the bare endpoint on the next port.
const port = Number(process.env.BENCH_PORT ?? 3300);
const OURS = `http://127.0.0.1:${port}`;
const BARE = `http://127.0.0.1:${port + 1}`;

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

/** What a browser sends (the list benchmarks without it measure uncompressed answers). */
const COMPRESSED = { 'accept-encoding': 'gzip, br' };

/** A target: one URL, or a URL per request (a different window, filter or key each time). */
type Target = string | (() => string);

async function load(target: Target, headers: Record<string, string> = {}) {
  await quiet();
  if (typeof target === 'string') return autocannon({ url: target, connections, duration: seconds, headers });
  const { origin } = new URL(target());
  return autocannon({
    url: origin,
    connections,
    duration: seconds,
    headers,
    requests: [
      {
        setupRequest: (req: any) => {
          const u = new URL(target());
          return { ...req, path: u.pathname + u.search };
        },
      },
    ],
  });
}

/** A small deterministic generator, so ours and bare are sent the same sequence of parameters. */
function sequence<T>(seed: number, make: (next: () => number) => T): () => T {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
  return () => make(next);
}
const pick = <T>(list: T[], r: number) => list[Math.floor(r * list.length)];

const loadavg = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(', ');

// BENCH_CASES=invoice,My runs only the cases whose name contains one of the words (the issue #17 cases: random,
// fragment, deep, detail, fan-out). BENCH_DRY=1 only sends each case to both servers (a varying one five times) and
// checks that they answer the same rows (ids) in the same order with the same count, compressed the same way.
const only = process.env.BENCH_CASES?.split(',').filter(Boolean);

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
  // BENCH_VACUUM=0 skips the vacuum (a database just seeded and analyzed, or one shared with others).
  if (!process.env.BENCH_DRY && process.env.BENCH_VACUUM !== '0') await c.query('vacuum analyze');
  const stats = (
    await c.query(`select (select count(*) from invoices)::int as invoices,
      (select count(*) from service_vehicles)::int as sv, (select max(open_date_time) from invoices) as latest,
      pg_size_pretty(pg_table_size('invoices')) as "table", pg_size_pretty(pg_indexes_size('invoices')) as "indexes"`)
  ).rows[0];
  // Parameters of the cases that vary per request: facilities, fragments of stored VINs and names.
  const facilityIds = (await c.query('select id from facilities order by id')).rows.map(
    (r) => r.id as number,
  );
  const sampled = (
    await c.query(
      `select vin, split_part(sold_to, ' ', 2) as last_name from invoices tablesample system (0.1)
       where length(vin) = 17 and sold_to like '% %' limit 500`,
    )
  ).rows as { vin: string; last_name: string }[];
  const maxInvoiceId = (await c.query('select max(id)::int as n from invoices')).rows[0].n as number;
  // The calendar's week (issue #18): facility 1, the week of the seed's first still-scheduled visit.
  const apptDay = (
    await c.query(
      `select to_char(min(appointment_date_time) at time zone 'UTC', 'YYYY-MM-DD') as d
       from appointments where facility_id = 1 and status_id = 1`,
    )
  ).rows[0].d as string;
  await c.end();

  const ours = start(['apps/server/src/main.ts'], {
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SCRYPT_COST: '16384',
  });
  const bare = start(['bench/bare-server.ts'], { DATABASE_URL: url, PORT: String(port + 1) });
  try {
    await waitFor(`${OURS}/api/health`);
    await waitFor(`${BARE}/service-vehicles`);
    const signIn = async (userName: string, password: string) => {
      const login = await fetch(`${OURS}/api/login`, {
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
    // rows/count read the page size and the total of either envelope (OData, or {items, total}); ids the keys of
    // the answer's rows in their order (BENCH_DRY=1 requires both servers to answer the same ids in the same order).
    const odata = {
      rows: (r: any) => r.value.length,
      count: (r: any) => r['@odata.count'],
      ids: (r: any) => r.value.map((x: any) => x.id),
    };
    const myList = {
      rows: (r: any) => r.items.length,
      count: (r: any) => r.total,
      ids: (r: any) => r.items.map((x: any) => x.id),
    };
    const listSelect = `$select=${invoiceListSelect()}`;
    // A different 30-day window within the last year and, one time in two, a facility: the count cache
    // (a 5 s cache of identical large counts) cannot serve these.
    const windows = (seed: number) =>
      sequence(seed, (next) => {
        const end = new Date(
          to.getTime() - Math.floor(next() * 365) * 86400_000 - Math.floor(next() * 86400) * 1000,
        );
        const start = new Date(end.getTime() - 30 * 86400_000);
        const facility = next() < 0.5 ? pick(facilityIds, next()) : undefined;
        return { start, end, facility };
      });
    const windowOurs = (w: { start: Date; end: Date; facility?: number }) =>
      `${OURS}/api/Invoices?$filter=${encodeURIComponent(
        `OpenDateTime ge ${w.start.toISOString()} and OpenDateTime lt ${w.end.toISOString()}${w.facility ? ` and facilityId eq ${w.facility}` : ''}`,
      )}&$top=250&$count=true&${listSelect}`;
    const windowBare = (w: { start: Date; end: Date; facility?: number }) =>
      `${BARE}/invoices-window?from=${encodeURIComponent(w.start.toISOString())}&to=${encodeURIComponent(w.end.toISOString())}${w.facility ? `&facilityId=${w.facility}` : ''}`;
    // Fragments as staff type them: 3–4 characters from inside a stored VIN (in lower case), the first
    // 4 letters of a customer's last name.
    const vinFragments = () =>
      sequence(17, (next) => {
        const vin = pick(sampled, next()).vin;
        const at = 3 + Math.floor(next() * 10);
        return vin.slice(at, at + 3 + Math.floor(next() * 2)).toLowerCase();
      });
    const nameFragments = () => sequence(23, (next) => pick(sampled, next()).last_name.slice(0, 4));
    // Each side gets its own generator of the same sequence.
    const search = (field: 'vin' | 'soldTo', fragments: () => () => string) => {
      const [a, b] = [fragments(), fragments()];
      const literal = (f: string) => `'${f.replace(/'/g, "''")}'`;
      const filter = (f: string) =>
        encodeURIComponent(
          field === 'vin' ? `contains(tolower(vin),${literal(f)})` : `contains(soldTo,${literal(f)})`,
        );
      return {
        ours: () => `${OURS}/api/Invoices?$filter=${filter(a())}&$top=50&$count=true&${listSelect}`,
        bare: () => `${BARE}/invoices-search?${field}=${encodeURIComponent(b())}`,
      };
    };
    const vinSearch = search('vin', vinFragments);
    const nameSearch = search('soldTo', nameFragments);
    // The header counts the screen asks for beside the same page (GET /api/Invoices/summary, same $filter).
    const [nameA, nameB] = [nameFragments(), nameFragments()];
    const nameSummary = {
      ours: () =>
        `${OURS}/api/Invoices/summary?$filter=${encodeURIComponent(`contains(soldTo,'${nameA().replace(/'/g, "''")}')`)}`,
      bare: () => `${BARE}/invoices-summary?soldTo=${encodeURIComponent(nameB())}`,
    };
    // The page after row 100,000 by id, as a client following @odata.nextLink reaches it ($skiptoken).
    const deep = `${OURS}/api/Invoices?$top=50&$orderby=id&${listSelect}`;
    // $top is the limit on the whole result: 100 rows from row 99,950 in pages of 50 link on to the next 50.
    const before = (await (
      await fetch(`${OURS}/api/Invoices?$top=100&$orderby=id&${listSelect}&$skip=99950`, {
        headers: { ...admin, Prefer: 'odata.maxpagesize=50' },
      })
    ).json()) as any;
    const deepByToken = new URL(before['@odata.nextLink'], `${OURS}`).href;
    const detailIds = () => sequence(31, (next) => 1 + Math.floor(next() * maxInvoiceId));
    const one = { rows: (r: any) => (r.id ? 1 : 0), count: () => undefined, ids: (r: any) => [r.id] };
    const d = new Date(`${apptDay}T00:00:00Z`);
    const sunday = new Date(d.getTime() - d.getUTCDay() * 86_400_000).toISOString().slice(0, 10);
    const week = {
      name: 'appointments calendar week (facility 1, the seed week, GET appointmentsSchedule/calendar)',
      ours: `${OURS}/api/appointmentsSchedule/calendar?startDate=${apptDay}&view=Week&facilityId=1`,
      bare: `${BARE}/appointments-week?facilityId=1&from=${sunday}`,
      auth: admin,
      rows: (r: any) => r.appointments.length,
      count: () => undefined,
      ids: (r: any) => r.appointments.map((a: any) => (Array.isArray(a) ? a[0] : a.id)),
    };
    const cases: {
      name: string;
      ours: Target;
      bare: Target;
      auth: Record<string, string>;
      rows: (r: any) => number;
      count: (r: any) => number | undefined;
      /** The keys of the answer's rows in order (or the figures of a one-row answer): both sides must agree. */
      ids: (r: any) => unknown[];
      /** Not a list (one row, or a few counts): measured without Accept-Encoding only. */
      single?: boolean;
      /** Started before each side's load and stopped after it (a writer changing what is read). */
      during?: () => () => Promise<void>;
    }[] = [
      {
        name: 'invoice list (30-day window, top 250, count, spec order, the screen’s $select)',
        ours: `${OURS}/api/Invoices?$filter=${filter}&$top=250&$count=true&$select=${invoiceListSelect()}`,
        bare: `${BARE}/invoices?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`,
        auth: admin,
        ...odata,
      },
      {
        name: 'service vehicle list (the screen’s request: no filter, top 100, count, priority then id desc)',
        ours: `${OURS}/api/ServiceVehicles?$top=100&$count=true&$orderby=${encodeURIComponent('priority asc,id desc')}`,
        bare: `${BARE}/service-vehicles`,
        auth: admin,
        ...odata,
      },
      {
        name: 'outstanding invoices (the screen’s request: top 25, count, oldest first)',
        ours: `${OURS}/api/Invoices/outstanding?$top=25&$count=true&$select=${invoiceListSelect('outstandingReason')}`,
        bare: `${BARE}/outstanding`,
        auth: admin,
        ...odata,
      },
      {
        name: 'finalizing invoices (the screen’s request: top 250, count, oldest submission first)',
        ours: `${OURS}/api/Invoices/finalizing?$top=250&$count=true&$select=${invoiceListSelect('submittedAt', 'clearingHouse')}`,
        bare: `${BARE}/finalizing`,
        auth: admin,
        ...odata,
      },
      {
        name: "My Requests (user 101's open vehicles with a tech request, newest message first, 10, total)",
        ours: `${OURS}/api/listMyRequests?TZO=300&take=10&userId=101`,
        bare: `${BARE}/my-requests?userId=101`,
        auth: admin,
        ...myList,
      },
      {
        name: "My Service Vehicles (user 103's active vehicles, priority order, first 10, total)",
        ours: `${OURS}/api/listMyServiceVehicles?TZO=300&take=10&userId=103`,
        bare: `${BARE}/my-service-vehicles?userId=103`,
        auth: leadTech,
        ...myList,
      },
      (() => {
        const [a, b] = [windows(7), windows(7)];
        return {
          name: 'random invoice list (a different 30-day window per request, a facility one time in two; top 250, count)',
          ours: () => windowOurs(a()),
          bare: () => windowBare(b()),
          auth: admin,
          ...odata,
        };
      })(),
      {
        name: "fragment search: VIN (contains(tolower(vin),'…'), 3–4 characters, top 50, count)",
        ...vinSearch,
        auth: admin,
        ...odata,
      },
      {
        name: "fragment search: customer name (contains(soldTo,'…'), a last name's first 4 letters, top 50, count)",
        ...nameSearch,
        auth: admin,
        ...odata,
      },
      {
        name: "fragment search: the header counts beside it (GET /api/Invoices/summary, contains(soldTo,'…'))",
        ...nameSummary,
        auth: admin,
        rows: (r: any) => (typeof r.total === 'number' ? 1 : 0),
        count: (r: any) => r.total,
        ids: (r: any) => [r.total, r.submitted, r.signed, r.replacement],
        single: true,
      },
      {
        name: 'deep page by $skip ($skip=100000&$top=50&$orderby=id)',
        ours: `${deep}&$skip=100000`,
        bare: `${BARE}/invoices-deep?skip=100000`,
        auth: admin,
        ...odata,
      },
      {
        name: 'deep page by @odata.nextLink (the same page, $skiptoken after row 100,000)',
        ours: deepByToken,
        // A next link followed by key on both sides: the rows after the previous page's last id.
        bare: `${BARE}/invoices-deep?after=${before.value.at(-1).id}`,
        auth: admin,
        ...odata,
      },
      // The calendar's Week view of one facility (issue #18), Sunday to Saturday on the facility's clock.
      week,
      {
        // The same week while the office works it: one of its visits changes 5 times a second (a busy shop
        // changes a facility's visits a few times a minute), so the calendar's kept answer (decision 0013)
        // is rebuilt after every change and the figure includes those rebuilds.
        ...week,
        name: 'appointments calendar week while a visit of it changes 5 times a second (facility 1, the seed week)',
        during: () => {
          const c = new pg.Client({ connectionString: url });
          const timer = setInterval(() => {
            c.query(
              `update appointments set customer_waiting = not customer_waiting
                  where id = (select id from appointments where facility_id = 1
                                and appointment_date_time >= $1::date order by appointment_date_time limit 1)`,
              [sunday],
            ).catch(() => {});
          }, 200);
          const ready = c.connect();
          return async () => {
            clearInterval(timer);
            await ready;
            await c.end();
          };
        },
      },
      {
        // A facility's day as My Facility Appointments asks for it (issue #18): facility 1, the day of its first
        // still-scheduled visit (365 visits on a database seeded today at scale 334), every field of the row.
        name: 'facility appointments (facility 1, the seed day, GET appointments/facility)',
        ours: `${OURS}/api/appointments/facility?appointmentStartDate=${apptDay}&facilityId=1`,
        bare: `${BARE}/facility-appointments?facilityId=1&day=${apptDay}`,
        auth: admin,
        rows: (r: any) => r.length,
        count: () => undefined,
        ids: (r: any) => r.map((x: any) => x.id),
      },
      {
        name: 'loaner reservations (the screen’s request: top 25, count, newest appointment first)',
        ours: `${OURS}/api/LoanerReservations?$top=25&$count=true`,
        bare: `${BARE}/loaner-reservations`,
        auth: admin,
        ...odata,
      },
      {
        name: 'loaner reservations of one facility (facility 2, top 25, count)',
        ours: `${OURS}/api/LoanerReservations?$top=25&$count=true&$filter=${encodeURIComponent('facilityId eq 2')}`,
        bare: `${BARE}/loaner-reservations?facilityId=2`,
        auth: admin,
        ...odata,
      },
      (() => {
        const [a, b] = [detailIds(), detailIds()];
        return {
          name: 'invoice detail by key (the detail screen’s GET /api/Invoices/{id}, a random invoice each time)',
          ours: () => `${OURS}/api/Invoices/${a()}`,
          bare: () => `${BARE}/invoice/${b()}`,
          auth: admin,
          ...one,
          single: true,
        };
      })(),
      ...(() => {
        // Reconcile (issue #20): the screen's first request (the default year, newest first, 200 rows, the
        // count and money totals of the whole year) and the same with an insurer name fragment.
        const range = defaultReconcileRange(new Date());
        const span = `start=${encodeURIComponent(range.start.toISOString())}&end=${encodeURIComponent(range.end.toISOString())}`;
        return [
          {
            name: 'reconcile (the screen’s default request: a year, top 200, count and totals)',
            ours: `${OURS}/api/ReconcileInvoices?${span}&$top=200`,
            bare: `${BARE}/reconcile?${span}`,
            auth: admin,
            ...odata,
          },
          {
            name: 'reconcile by insurer (insuranceCompanyName=state, a year, top 200, count and totals)',
            ours: `${OURS}/api/ReconcileInvoices?${span}&$top=200&insuranceCompanyName=state`,
            bare: `${BARE}/reconcile?${span}&insurer=state`,
            auth: admin,
            ...odata,
          },
        ];
      })(),
      {
        name: 'pending audits (the screen’s request: top 25, count, oldest submission first)',
        ours: `${OURS}/api/PendingAudits?$top=25&$count=true`,
        bare: `${BARE}/pending-audits`,
        auth: admin,
        ...odata,
      },
      await installerDayCase(signIn),
    ];
    const lines: string[] = [];
    const summary: string[] = [];
    const loadAtStart = loadavg();
    const ratio = (ours: autocannon.Result, bare: autocannon.Result) =>
      bare.requests.average > 0
        ? `${(ours.requests.average / bare.requests.average).toFixed(2)}×`
        : 'bare timed out';
    for (const k of cases.filter((c) => !only || only.some((w) => c.name.includes(w)))) {
      // Same-answer check: both answer the same rows in the same order, with the same count (for varying targets,
      // to their first samples, five in a dry run: each side has its own generator of the same sequence, so both
      // are asked the same thing). A dry run also shows the encoding each answered (under 1 KiB, neither compresses).
      const sampleOf = (t: Target) => (typeof t === 'string' ? t : t());
      const samples = typeof k.ours === 'string' || !process.env.BENCH_DRY ? 1 : 5;
      let a: any;
      for (let n = 0; n < samples; n++) {
        const [ra, rb] = [
          await fetch(sampleOf(k.ours), { headers: { ...k.auth, ...COMPRESSED } }),
          await fetch(sampleOf(k.bare), { headers: COMPRESSED }),
        ];
        const encoding = (r: Response) => r.headers.get('content-encoding') ?? 'none';
        a = await ra.json();
        const b = (await rb.json()) as any;
        if (k.rows(a) !== k.rows(b) || k.count(a) !== k.count(b)) {
          throw new Error(
            `${k.name}: ours ${k.rows(a)}/${k.count(a)} rows vs bare ${k.rows(b)}/${k.count(b)}`,
          );
        }
        const [ia, ib] = [JSON.stringify(k.ids(a)), JSON.stringify(k.ids(b))];
        if (ia !== ib)
          throw new Error(`${k.name}: not the same rows in the same order:\nours ${ia}\nbare ${ib}`);
        if (process.env.BENCH_DRY)
          console.log(
            `ok: ${k.name}: ${k.rows(a)} rows, count ${k.count(a)}, the same ids in the same order (${ia.slice(0, 40)}…); Accept-Encoding: ours ${encoding(ra)}, bare ${encoding(rb)}`,
          );
      }
      if (process.env.BENCH_DRY) continue;
      const measure = async (t: Target, h?: Record<string, string>) => {
        const stop = k.during?.();
        try {
          return await load(t, h);
        } finally {
          await stop?.();
        }
      };
      const bareRes = await measure(k.bare);
      const oursRes = await measure(k.ours, k.auth);
      // A list as a browser receives it: the same requests with Accept-Encoding (both servers compress alike).
      const bareBr = k.single ? undefined : await measure(k.bare, COMPRESSED);
      const oursBr = k.single ? undefined : await measure(k.ours, { ...k.auth, ...COMPRESSED });
      const row = (label: string, r: autocannon.Result) =>
        `| ${label} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${(r.throughput.average / r.requests.average / 1024 || 0).toFixed(1)} | ${r.non2xx + r.errors} |`;
      lines.push(
        `### ${k.name}`,
        '',
        '| endpoint | req/s | p50 ms | p99 ms | KiB per answer | errors |',
        '|---|---:|---:|---:|---:|---:|',
        row('bare Fastify + pg, plain SQL', bareRes),
        row('ours (auth, OData parse, validation)', oursRes),
        ...(bareBr && oursBr
          ? [
              row(`bare, Accept-Encoding: ${COMPRESSED['accept-encoding']}`, bareBr),
              row(`ours, Accept-Encoding: ${COMPRESSED['accept-encoding']}`, oursBr),
            ]
          : []),
        '',
        `ratio ours / bare: **${ratio(oursRes, bareRes)}** requests/s${bareBr && oursBr ? `, compressed **${ratio(oursBr, bareBr)}**` : ''}; ${k.rows(a)} rows per response, count ${k.count(a)}; the same ids in the same order.`,
        '',
      );
      summary.push(
        `| ${k.name} | ${ratio(oursRes, bareRes)} | ${bareBr && oursBr ? ratio(oursBr, bareBr) : '–'} | ${oursRes.latency.p99} / ${bareRes.latency.p99} |`,
      );
      console.log(lines.slice(bareBr && oursBr ? -13 : -11).join('\n'));
    }
    if (summary.length)
      lines.unshift(
        '| case | ours / bare | compressed | p99 ms ours / bare (uncompressed) |',
        '|---|---:|---:|---:|',
        ...summary,
        '',
      );
    const header = [
      `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      '',
      `Machine: ${machineLine()}, ` +
        `PostgreSQL at ${new URL(url).host}. Data: ${stats.invoices.toLocaleString('en-US')} invoices (table ${stats.table}, ` +
        `indexes ${stats.indexes}), ${stats.sv.toLocaleString('en-US')} service vehicles. ${connections} connections, ${seconds} s per figure, ` +
        'both servers running at once with the same pool size (10). ' +
        `Load average (1, 5, 15 min): ${loadAtStart} at the start, ${loadavg()} at the end.`,
      '',
    ];
    if (!process.env.BENCH_DRY && lines.length)
      fs.appendFileSync(resultsFile, `${[...header, ...lines].join('\n')}\n`);
  } finally {
    ours.kill('SIGTERM');
    bare.kill('SIGTERM');
  }
  // The alert fan-out to 2,000 socket.io clients (issue #17) in the same run, once the list servers have stopped:
  // fanout.ts starts its own server and clients and appends its section after this one.
  if (!process.env.BENCH_DRY && (!only || only.includes('fan-out'))) {
    const r = spawnSync(tsx, ['bench/fanout.ts'], { cwd: root, env: process.env, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('fan-out bench failed');
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);

/**
 * The installer's day (issue #18): user 105's stops of the local day on which he has the most visits, as the
 * phone asks for them (GET /api/appointments/my-day?date=…), against the bare SQL of the same rows.
 */
async function installerDayCase(signIn: (u: string, p: string) => Promise<Record<string, string>>) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const [day] = (
    await c.query(
      `select u.id, coalesce(f.time_zone, 'America/Chicago') as tz,
              (a.appointment_date_time at time zone coalesce(f.time_zone, 'America/Chicago'))::date::text as d, count(*)::int as n
       from users u left join facilities f on f.id = u.facility_id join appointments a on a.installer_id = u.id
       where u.user_name = '105' group by 1, 2, 3 order by n desc, d desc limit 1`,
    )
  ).rows as { id: number; tz: string; d: string; n: number }[];
  await c.end();
  return {
    name: `installer's day (GET /api/appointments/my-day, user 105's busiest day: ${day.n} stops with parts, accessories, materials)`,
    ours: `${OURS}/api/appointments/my-day?date=${day.d}`,
    bare: `${BARE}/installer-day?userId=${day.id}&date=${day.d}&tz=${encodeURIComponent(day.tz)}`,
    auth: await signIn('105', '693704'),
    rows: (r: any) => r.stops.length,
    count: () => undefined,
    ids: (r: any) => r.stops.map((x: any) => x.appointmentId),
  };
}
