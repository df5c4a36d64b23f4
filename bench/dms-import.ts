// `npm run dms-import -w bench` (issue #23): on the scaled bench database that `npm run bench` seeds
// (BENCH_DATABASE_URL, default glass_bench), starts our server, uploads a generated CSV of BENCH_DMS_ROWS
// (100,000) repair orders, runs the import and times it, loads the invoice list with autocannon while the
// import runs, times a page of the Pending Audits queue, and appends the figures to bench/RESULTS.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { invoiceListSelect } from '@glass/domain/invoice-list';
import autocannon from 'autocannon';
import { adminHeaders, startAppServer, waitForHealth } from './app-server.js';
import { vin } from './day/load.js';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/glass_bench';
const rows = Number(process.env.BENCH_DMS_ROWS ?? 100_000);
const resultsFile = process.env.BENCH_RESULTS ?? path.join(import.meta.dirname, 'RESULTS.md');
const base = 'http://127.0.0.1:3302';

async function main() {
  const server = startAppServer(url, 3302);
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

    const prefix = `B${Date.now().toString(36).toUpperCase()}-`;
    const lines = ['RO Number,RO Status,Open Date,VIN,Year,Make,Model,Customer Name,Cell Phone'];
    for (let i = 1; i <= rows; i++)
      lines.push(
        `${prefix}${i},Open,3/4/2025,${vin(i)},2021,Honda,Accord,"Smith${i}, Jo",(281) 894-${String(i % 10_000).padStart(4, '0')}`,
      );
    const csv = `${lines.join('\r\n')}\r\n`;
    const form = new FormData();
    form.append('FacilityId', '1');
    form.append('File', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
    let t = performance.now();
    const up = await call('/api/DmsImports', form);
    const uploadMs = performance.now() - t;
    t = performance.now();
    await call(`/api/DmsImports/${up.import.id}/preview`, { mapping: up.suggestedMapping });
    const previewMs = performance.now() - t;

    // The invoice list while the import runs (the screen's request, the latest 30 days).
    const to = new Date();
    const from = new Date(to.getTime() - 30 * 86400_000);
    const filter = encodeURIComponent(
      `OpenDateTime ge ${from.toISOString()} and OpenDateTime lt ${to.toISOString()}`,
    );
    const list = `${base}/api/Invoices?$filter=${filter}&$top=250&$count=true&$select=${invoiceListSelect()}`;
    t = performance.now();
    await call(`/api/DmsImports/${up.import.id}/start`, {
      mapping: up.suggestedMapping,
      defaultRepairCount: 1,
    });
    const during = autocannon({ url: list, connections: 4, duration: 30, headers: auth });
    let done: any;
    for (;;) {
      done = await call(`/api/DmsImports/${up.import.id}`);
      if (done.status !== 'queued' && done.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const importMs = performance.now() - t;
    const load = await during;

    t = performance.now();
    await call('/api/PendingAudits?$top=25&$count=true');
    const auditsMs = performance.now() - t;

    const out = [
      `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: DMS import (issue #23)`,
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load average ${os.loadavg()[0].toFixed(1)}, Node ${process.version}, PostgreSQL at ${new URL(url).host}.`,
      '',
      '| step | time |',
      '|---|---:|',
      `| upload of ${rows.toLocaleString('en-US')} rows (${(csv.length / 2 ** 20).toFixed(1)} MB CSV) | ${(uploadMs / 1000).toFixed(1)} s |`,
      `| preview (every row validated) | ${(previewMs / 1000).toFixed(1)} s |`,
      `| import: ${done.status}, ${done.created} created, ${done.updated} updated, ${done.failed} failed | ${(importMs / 1000).toFixed(1)} s |`,
      `| invoice list during the import (4 connections, 30 s): p50 / p99 | ${load.latency.p50} / ${load.latency.p99} ms, ${load.requests.average.toFixed(0)} req/s, ${load.non2xx + load.errors} errors |`,
      `| Pending Audits queue, first page with count | ${auditsMs.toFixed(0)} ms |`,
      '',
    ];
    console.log(out.join('\n'));
    fs.appendFileSync(resultsFile, `${out.join('\n')}\n`);
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
