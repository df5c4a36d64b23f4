// `npm run control-room -w bench` (issue #21 item 2): on the scaled bench database (BENCH_DATABASE_URL, default
// glass_bench; seeded at BENCH_SCALE, 334 ≈ 1,000,000 invoices, when it holds fewer), starts our server and
// measures the Control Room:
// - first load: the first GET /api/control-room of each facility after the server started (cold caches of
//   the process, prepared nothing), then 20 sequential loads each (p50, p99);
// - under load: autocannon, BENCH_CR_CLIENTS (5) connections for BENCH_SECONDS (10), a random facility each;
// - update latency: a socket.io client watching a facility's board, a change committed by another
//   connection, the time until ControlRoomChanged arrives (BENCH_CR_CHANGES, 20 changes).
// Appends the figures to bench/RESULTS.md. The budget: first load under 200 ms, an update within 1 s.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { io } from 'socket.io-client';
import { adminHeaders, waitForHealth } from './app-server.js';

const root = path.resolve(import.meta.dirname, '..');
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/glass_bench';
const scale = Number(process.env.BENCH_SCALE ?? 334);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const clients = Number(process.env.BENCH_CR_CLIENTS ?? 5);
const changes = Number(process.env.BENCH_CR_CHANGES ?? 20);
const resultsFile = process.env.BENCH_RESULTS ?? path.join(import.meta.dirname, 'RESULTS.md');
const port = 3303;
const base = `http://127.0.0.1:${port}`;
const tsx = path.join(root, 'node_modules/.bin/tsx');

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (n: number) => n.toFixed(1);

async function ensureSeeded(): Promise<void> {
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const db = url.split('/').pop()!;
  const exists = await admin.query('select 1 from pg_database where datname = $1', [db]);
  if (!exists.rowCount) await admin.query(`create database "${db.replace(/"/g, '')}"`);
  await admin.end();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const n = await c
    .query('select count(*)::int as n from invoices')
    .then((r) => r.rows[0].n as number)
    .catch(() => 0);
  await c.end();
  if (n >= scale * 2900) return;
  console.log(`seeding ${url} at scale ${scale} (has ${n} invoices)…`);
  const r = spawnSync(tsx, ['apps/server/src/db/seed/cli.ts', '--reset', '--scale', String(scale)], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, SCRYPT_COST: '16384' },
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('seed failed');
}

async function main() {
  await ensureSeeded();
  const server = spawn(tsx, ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SCRYPT_COST: '16384',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const c = new pg.Client({ connectionString: url });
  try {
    await waitForHealth(base, 1200);
    await c.connect();
    if (!process.env.BENCH_DRY) await c.query('vacuum analyze');
    const stats = (
      await c.query(`select (select count(*) from invoices)::int as invoices,
        (select count(*) from service_vehicles)::int as sv, (select count(*) from appointments)::int as appointments,
        (select count(*) from alerts)::int as alerts`)
    ).rows[0];
    const facilityIds = (await c.query('select id from facilities where is_active order by id')).rows.map(
      (r) => r.id as number,
    );
    const headers = await adminHeaders(base);
    const load = async (facilityId: number) => {
      const t = performance.now();
      const res = await fetch(`${base}/api/control-room?facilityId=${facilityId}`, { headers });
      const body = await res.text();
      if (!res.ok) throw new Error(`control room ${facilityId}: ${res.status} ${body}`);
      return performance.now() - t;
    };

    // First load of each facility, then 20 more each.
    const first: number[] = [];
    for (const id of facilityIds) first.push(await load(id));
    const warm: number[] = [];
    for (let round = 0; round < 20; round++) for (const id of facilityIds) warm.push(await load(id));

    // Under load: random facilities.
    const loaded = await autocannon({
      url: base,
      connections: clients,
      duration: seconds,
      headers,
      requests: [
        {
          setupRequest: (req: any) => ({
            ...req,
            path: `/api/control-room?facilityId=${facilityIds[Math.floor(Math.random() * facilityIds.length)]}`,
          }),
        },
      ],
    });

    // Update latency: a committed change to a vehicle of the watched facility → ControlRoomChanged on the socket.
    const facilityId = facilityIds[0];
    const token = headers.authorization.slice('Bearer '.length);
    const socket = io(base, { path: '/socket.io', auth: { token }, reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ack = await socket.timeout(5000).emitWithAck('ControlRoomWatch', { facilityId });
    if (!ack?.ok) throw new Error(`watch refused: ${JSON.stringify(ack)}`);
    const { rows } = await c.query(
      'select id from service_vehicles where facility_id = $1 and priority_class < 8 order by id desc limit 1',
      [facilityId],
    );
    const latencies: number[] = [];
    for (let i = 0; i < changes; i++) {
      const got = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no ControlRoomChanged within 5 s')), 5000);
        socket.once('ControlRoomChanged', () => {
          clearTimeout(timer);
          resolve(performance.now());
        });
      });
      const t = performance.now();
      await c.query('update service_vehicles set flagged = not flagged where id = $1', [rows[0].id]);
      latencies.push((await got) - t);
      // Past the coalescing window, so each change is measured alone.
      await new Promise((r) => setTimeout(r, 700));
    }
    socket.close();

    const cpu = os.cpus()[0]?.model ?? 'unknown';
    const section = `
## Control Room ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC (\`npm run control-room -w bench\`)

Machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )}. Data: ${stats.invoices.toLocaleString('en-US')} invoices, ${stats.sv.toLocaleString('en-US')} service vehicles, ${stats.appointments.toLocaleString('en-US')} appointments, ${stats.alerts.toLocaleString('en-US')} alerts; ${facilityIds.length} facilities.

| figure | p50 ms | p99 ms | max ms |
|---|---:|---:|---:|
| first load of each facility after start (${first.length}) | ${ms(pct(first, 50))} | ${ms(pct(first, 99))} | ${ms(Math.max(...first))} |
| sequential loads (${warm.length}) | ${ms(pct(warm, 50))} | ${ms(pct(warm, 99))} | ${ms(Math.max(...warm))} |
| ${clients} clients, ${seconds} s, random facility: ${Math.round(loaded.requests.average)} req/s, ${loaded.errors + loaded.non2xx} errors | ${loaded.latency.p50} | ${loaded.latency.p99} | ${loaded.latency.max} |
| change committed → ControlRoomChanged on a socket (${latencies.length}) | ${ms(pct(latencies, 50))} | ${ms(pct(latencies, 99))} | ${ms(Math.max(...latencies))} |

Budget: first load under 200 ms; an update within 1 s (the server coalesces bursts for at most 150 ms, capped at 500 ms).
`;
    console.log(section);
    fs.appendFileSync(resultsFile, section);
  } finally {
    await c.end().catch(() => {});
    server.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
