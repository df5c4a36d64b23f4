// `npm run deposit-pdf -w bench` (issue #20): on the scaled bench database (BENCH_DATABASE_URL, default
// glass_bench), starts our server, lists BENCH_DEPOSIT_ITEMS (500) funded invoices of one facility that are on no
// deposit through GET /api/ReconcileInvoices as the screen does, makes a deposit of them
// (POST /api/DepositInvoices/contextual), then times the deposit slip (GET /api/DepositInvoices/{id}/Pdf) cold and
// ten times more, and appends the figures to bench/RESULTS.md. Each run leaves its deposit behind (the
// next run takes other invoices), as a back office would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminHeaders, startAppServer, waitForHealth } from './app-server.js';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/glass_bench';
const items = Number(process.env.BENCH_DEPOSIT_ITEMS ?? 500);
const resultsFile = process.env.BENCH_RESULTS ?? path.join(import.meta.dirname, 'RESULTS.md');
const port = Number(process.env.BENCH_PORT ?? 3304);
const base = `http://127.0.0.1:${port}`;

async function main() {
  const server = startAppServer(url, port);
  try {
    await waitForHealth(base);
    const auth = await adminHeaders(base);
    const call = async (pathname: string, body?: unknown) => {
      const res = await fetch(`${base}${pathname}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
      return res;
    };

    // The reconcile rows a clerk would tick: funded, on no deposit, of facility 1, from the default year.
    const rows: any[] = [];
    let next: string | undefined =
      `/api/ReconcileInvoices?$top=500&$filter=${encodeURIComponent('facilityId eq 1 and isFunded eq true')}`;
    while (next && rows.length < items) {
      const page = (await (await call(next)).json()) as any;
      rows.push(...page.value.filter((r: any) => r.depositId === null));
      const link = page['@odata.nextLink'] as string | undefined;
      next = link ? new URL(link, base).pathname + new URL(link, base).search : undefined;
    }
    if (rows.length < items) throw new Error(`only ${rows.length} funded invoices on no deposit`);
    const chosen = rows.slice(0, items);
    const deposit = (await (
      await call('/api/DepositInvoices/contextual', {
        DepositInvoiceInvoiceViewModels: chosen.map((r) => ({
          invoiceId: r.id,
          itemType: r.itemType ?? 1,
          laborCost: r.laborCost,
          partsCost: r.partsCost,
          taxCost: r.taxCost,
          totalCost: r.totalCost,
        })),
        notes: 'bench/deposit-pdf.ts',
      })
    ).json()) as { id: number };

    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 11; i++) {
      const t = performance.now();
      const res = await call(`/api/DepositInvoices/${deposit.id}/Pdf`);
      bytes = (await res.arrayBuffer()).byteLength;
      times.push(performance.now() - t);
    }
    const [cold, ...warm] = times;
    warm.sort((a, b) => a - b);
    const out = [
      `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: deposit slip of ${items} items (issue #20)`,
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load average ${os.loadavg()[0].toFixed(1)}, Node ${process.version}, PostgreSQL at ${new URL(url).host}.`,
      `Deposit ${deposit.id}: ${items} funded invoices of facility 1, a ${(bytes / 1024).toFixed(0)} KB PDF.`,
      '',
      '| GET /api/DepositInvoices/{id}/Pdf | ms |',
      '|---|---:|',
      `| first request (fonts and the deposit read cold) | ${cold.toFixed(0)} |`,
      `| next 10: median | ${warm[Math.floor(warm.length / 2)].toFixed(0)} |`,
      `| next 10: slowest | ${warm[warm.length - 1].toFixed(0)} |`,
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
