// `npm run claims -w bench` (issue #35 item 7), under `flock /work/wt/bench.lock`: on the million-invoice bench
// database (BENCH_DATABASE_URL, default glass_bench) — first giving it a year of claim submissions with
// bench/claims-seed.sql when it holds fewer than 20,000 — starts our server and loads, with autocannon at 10
// connections for BENCH_SECONDS (15) each, the rejection work queue as the screen asks for it (the first page of 25
// waiting on the shop with its $count, and the counts beside it; then filtered by a clearing house and by a
// reason; the page without $count) and the Receivables report with its claim tables (the default range, the
// last 12 months, all facilities and one facility). The budgets: queue p99 < 100 ms, report p99 < 1 s. Appends
// the figures to bench/RESULTS.md. BENCH_CASES=queue,report runs only those groups; BENCH_DRY=1 sends each once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultReportRange } from '@glass/domain';
import autocannon from 'autocannon';
import pg from 'pg';
import { adminHeaders, machineLine, startAppServer, waitForHealth } from './app-server.js';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/glass_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const resultsFile = process.env.BENCH_RESULTS ?? path.join(import.meta.dirname, 'RESULTS.md');
const port = Number(process.env.BENCH_PORT ?? 3312);
const base = `http://127.0.0.1:${port}`;
const connections = 10;
/** Receivables computed afresh, one at a time. */
const COLD_RUNS = 5;

interface Case {
  group: 'queue' | 'report';
  name: string;
  path: string;
  budget: number;
}

async function prepare() {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const [{ n }] = (await c.query('select count(*)::int as n from claim_submissions')).rows;
    if (n < 20_000) {
      console.log(`${n} claim submissions: seeding a year of them (bench/claims-seed.sql)`);
      await c.query(fs.readFileSync(path.join(import.meta.dirname, 'claims-seed.sql'), 'utf8'));
      // As autovacuum would soon after: the triggers' updates of the new rows (superseded_at) leave dead index
      // entries, and the queue's counts are an index-only scan only once the visibility map is set.
      await c.query('vacuum analyze claim_submissions');
    }
    const data = (
      await c.query(
        `select (select count(*)::int from invoices) as invoices,
           (select count(*)::int from claim_submissions) as submissions,
           (select json_object_agg(state, n) from (select state, count(*)::int as n from claim_submissions group by 1) x) as states,
           (select count(*)::int from claim_submissions s where s.state in ('Rejected', 'ShortPaid', 'Denied')
              and not exists (select 1 from claim_submissions n where n.invoice_id = s.invoice_id and n.id > s.id)) as shop`,
      )
    ).rows[0] as { invoices: number; submissions: number; states: Record<string, number>; shop: number };
    // the busiest clearing house and reason among the rejections, and the facility with the most invoices
    const [top] = (
      await c.query(
        `select (select clearing_house_id from claim_submissions where state = 'Rejected' group by 1 order by count(*) desc limit 1) as ch,
           (select reason_code from claim_submissions where state = 'Rejected' group by 1 order by count(*) desc limit 1) as reason,
           (select facility_id from invoices group by 1 order by count(*) desc limit 1) as facility`,
      )
    ).rows as { ch: number; reason: string; facility: number }[];
    return { data, top };
  } finally {
    await c.end();
  }
}

async function main() {
  const { data, top } = await prepare();
  const { from, to } = defaultReportRange(new Date().toISOString().slice(0, 10));
  const page = '$top=25&$count=true&waitingOn=shop';
  const cases: Case[] = [
    {
      group: 'queue',
      name: 'queue, first page (waiting on the shop, $count)',
      path: `/api/claimQueue?${page}`,
      budget: 100,
    },
    {
      group: 'queue',
      name: 'queue counts (waiting on the shop)',
      path: '/api/claimQueue/counts?waitingOn=shop',
      budget: 100,
    },
    {
      group: 'queue',
      name: 'queue, first page without $count',
      path: '/api/claimQueue?$top=25&waitingOn=shop',
      budget: 100,
    },
    {
      group: 'queue',
      name: `queue, clearing house ${top.ch} ($count)`,
      path: `/api/claimQueue?${page}&clearingHouseId=${top.ch}`,
      budget: 100,
    },
    {
      group: 'queue',
      name: `queue counts, clearing house ${top.ch}`,
      path: `/api/claimQueue/counts?waitingOn=shop&clearingHouseId=${top.ch}`,
      budget: 100,
    },
    {
      group: 'queue',
      name: `queue, reason ${top.reason} ($count)`,
      path: `/api/claimQueue?${page}&reasonCode=${top.reason}`,
      budget: 100,
    },
    {
      group: 'queue',
      name: `queue counts, reason ${top.reason}`,
      path: `/api/claimQueue/counts?waitingOn=shop&reasonCode=${top.reason}`,
      budget: 100,
    },
    {
      group: 'report',
      name: 'Receivables with claim tables, default range, all facilities',
      path: `/api/reports/receivables?from=${from}&to=${to}`,
      budget: 1000,
    },
    {
      group: 'report',
      name: `Receivables with claim tables, default range, facility ${top.facility}`,
      path: `/api/reports/receivables?from=${from}&to=${to}&facilityId=${top.facility}`,
      budget: 1000,
    },
  ];
  const only = process.env.BENCH_CASES?.split(',').filter(Boolean);
  const server = startAppServer(url, port);
  const load: number[] = [];
  try {
    await waitForHealth(base);
    const headers = await adminHeaders(base);
    const lines: string[] = [
      '| request | rows | req/s | p50 ms | p99 ms | errors | first request ms | budget | within |',
      '|---|---|---:|---:|---:|---:|---:|---:|---|',
    ];
    for (const c of cases.filter((x) => !only || only.includes(x.group))) {
      const target = `${base}${c.path}`;
      const t = performance.now();
      const res = await fetch(target, { headers });
      const first = Math.round(performance.now() - t);
      if (!res.ok) throw new Error(`${c.name}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as Record<string, unknown>;
      const shape =
        c.group === 'report'
          ? (body.tables as { id: string; rows: unknown[] }[])
              .map((x) => `${x.id} ${x.rows.length}`)
              .join(', ')
          : 'value' in body
            ? `${(body.value as unknown[]).length}${body['@odata.count'] === undefined ? '' : ` of ${body['@odata.count']}`}`
            : `total ${body.total}`;
      console.log(`${c.name}: first answer ${first} ms (${shape})`);
      if (process.env.BENCH_DRY) continue;
      const r = await autocannon({ url: target, connections, duration: seconds, headers });
      load.push(os.loadavg()[0]);
      const errors = r.non2xx + r.errors + r.timeouts;
      const ok = r.latency.p99 < c.budget && errors === 0;
      lines.push(
        `| ${c.name} | ${shape} | ${r.requests.average.toFixed(1)} | ${r.latency.p50} | ${r.latency.p99} | ${errors} | ${first} | ${c.budget} ms | ${ok ? 'yes' : '**no**'} |`,
      );
      console.log(lines.at(-1));
    }
    // The report's answers are shared for 5 s (decision 0004/0031), so the load above mostly reads the cache: its
    // own computing is timed here, one request at a time, each range ending a day earlier (a key not cached yet).
    const cold: number[] = [];
    if (!only || only.includes('report'))
      for (let k = 1; k <= COLD_RUNS; k++) {
        const end = new Date(`${to}T00:00:00Z`);
        end.setUTCDate(end.getUTCDate() - k);
        const t = performance.now();
        const res = await fetch(
          `${base}/api/reports/receivables?from=${from}&to=${end.toISOString().slice(0, 10)}`,
          { headers },
        );
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`receivables (cold): ${res.status}`);
        cold.push(Math.round(performance.now() - t));
      }
    if (cold.length) {
      console.log(`receivables computed (cache missed), one client: ${cold.join(', ')} ms`);
      lines.push(
        `| Receivables with claim tables computed (cache missed: the range ending 1–${COLD_RUNS} days earlier), one client, one at a time | | | ${[...cold].sort((a, b) => a - b)[Math.floor(cold.length / 2)]} | ${Math.max(...cold)} (max) | 0 | | 1000 ms | ${Math.max(...cold) < 1000 ? 'yes' : '**no**'} |`,
      );
    }
    if (process.env.BENCH_DRY) return;
    const states = Object.entries(data.states)
      .sort((a, b) => b[1] - a[1])
      .map(([s, n]) => `${s} ${n.toLocaleString('en-US')}`)
      .join(', ');
    const header = [
      `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: Rejection work queue and Receivables report (issue #35, \`npm run claims -w bench\`)`,
      '',
      `Machine: ${machineLine()}, ` +
        `load average (1 min) ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} during the run. ` +
        `Data: ${data.invoices.toLocaleString('en-US')} invoices, ${data.submissions.toLocaleString('en-US')} claim submissions ` +
        `(${states}); ${data.shop.toLocaleString('en-US')} latest submissions waiting on the shop. ` +
        `Report range ${from} – ${to} (the default). ${connections} connections, ${seconds} s per request, the server alone.`,
      '',
    ];
    fs.appendFileSync(resultsFile, `${[...header, ...lines, ''].join('\n')}\n`);
  } finally {
    server.kill('SIGTERM');
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
