// `npm run reports -w bench` (issue #21): on the scaled bench database that `npm run bench` seeds
// (BENCH_DATABASE_URL, default glass_bench; `--scale 334` ≈ 1,000,000 invoices over three years), starts our
// server and loads each report for a one-year range over all facilities with autocannon, 5 connections,
// BENCH_SECONDS each. The budget: p99 under 1 s. Appends the figures to bench/RESULTS.md.
// BENCH_CASES=sales,approvals runs only those reports; BENCH_DRY=1 sends each once and prints its time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { adminHeaders, machineLine, startAppServer, waitForHealth } from './app-server.js';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/glass_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const resultsFile = process.env.BENCH_RESULTS ?? path.join(import.meta.dirname, 'RESULTS.md');
const port = Number(process.env.BENCH_PORT ?? 3305);
const base = `http://127.0.0.1:${port}`;
const connections = 5;
const REPORTS = ['sales', 'pipeline', 'technicians', 'receivables', 'approvals'];

async function stats() {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query(
      `select (select count(*)::int from invoices) as invoices, (select count(*)::int from service_vehicles) as sv,
         (select count(*)::int from appointments) as appointments, (select count(*)::int from customer_approvals) as approvals,
         (select count(*)::int from facilities) as facilities,
         (select min(open_date_time)::date::text || ' – ' || max(open_date_time)::date::text from invoices) as span`,
    );
    return r.rows[0];
  } finally {
    await c.end();
  }
}

async function main() {
  const data = await stats();
  if (!data.invoices)
    throw new Error(`${url} has no invoices: seed it first (npm run bench, or the seed CLI --scale 334)`);
  const server = startAppServer(url, port);
  try {
    await waitForHealth(base);
    const headers = await adminHeaders(base);
    const to = new Date().toISOString().slice(0, 10);
    const fromDate = new Date(`${to}T00:00:00Z`);
    fromDate.setUTCFullYear(fromDate.getUTCFullYear() - 1);
    fromDate.setUTCDate(fromDate.getUTCDate() + 1);
    const from = fromDate.toISOString().slice(0, 10);
    const only = process.env.BENCH_CASES?.split(',').filter(Boolean);
    const lines: string[] = [
      '| report (one year, all facilities) | req/s | p50 ms | p99 ms | errors | first request ms | under 1 s at p99 |',
      '|---|---:|---:|---:|---:|---:|---|',
    ];
    for (const id of REPORTS.filter((r) => !only || only.includes(r))) {
      const target = `${base}/api/reports/${id}?from=${from}&to=${to}`;
      const t = performance.now();
      const res = await fetch(target, { headers });
      const first = Math.round(performance.now() - t);
      if (!res.ok) throw new Error(`${id}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { tables: { id: string; rows: unknown[] }[] };
      const shape = body.tables.map((x) => `${x.id} ${x.rows.length}`).join(', ');
      console.log(`${id}: first answer ${first} ms (${shape})`);
      if (process.env.BENCH_DRY) continue;
      const r = await autocannon({ url: target, connections, duration: seconds, headers });
      const ok = r.latency.p99 < 1000 && r.non2xx + r.errors === 0;
      lines.push(
        `| ${id} | ${r.requests.average.toFixed(1)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} | ${first} | ${ok ? 'yes' : '**no**'} |`,
      );
      console.log(lines.at(-1));
    }
    if (process.env.BENCH_DRY) return;
    const header = [
      `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — reports (issue #21)`,
      '',
      `Machine: ${machineLine()}, ` +
        `load average ${os.loadavg()[0].toFixed(1)}. Data: ${data.invoices.toLocaleString('en-US')} invoices (${data.span}), ` +
        `${data.sv.toLocaleString('en-US')} service vehicles, ${data.appointments.toLocaleString('en-US')} appointments, ` +
        `${data.approvals.toLocaleString('en-US')} customer approvals, ${data.facilities} facilities. Range ${from} – ${to}; ` +
        `${connections} connections, ${seconds} s per report.`,
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
