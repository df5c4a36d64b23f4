// `npm run bench:writes -w bench` (issue #36, "the cost of a write"): on the million-invoice bench database
// (BENCH_DATABASE_URL, default glass_bench), each common write alone, 10 concurrent clients (closed loop, no think
// time) for BENCH_SECONDS (10) each, three ways in one run:
//   1. bare: bench/bare-writes.ts, a Fastify + pg endpoint doing only the write's plain insert/update on the same
//      tables (the database's triggers fire as for ours);
//   2. ours: the real route as the web app or the phone calls it (session, validation, lock check, the work flow
//      rules, history and activity rows, alerts, the photo re-encoded);
//   3. ours with the derived copies' triggers switched off (apps/server/src/db/derived/catalogue.ts, every trigger
//      of every copy and of the appointment versions; the Control Room's pg_notify triggers stay on): the cost of
//      the triggers is 2 against 3, measured. The triggers are switched on again in a `finally`, and the copies the
//      writes left behind are repaired (`check:derived --repair`).
// Every write acts on a different row taken from the database beforehand (bench/day/shared.ts), so none is
// refused. Appends the figures to bench/RESULTS.md (BENCH_DRY=1: 2 s each, print only). BENCH_CASES=submit,fund
// runs only the writes whose name contains one of the words; BENCH_CLIENTS=1 times one request at a time (the
// write's own cost, without queueing).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DERIVED } from '../apps/server/src/db/derived/catalogue.js';
import {
  callRecord,
  DEMO,
  loadavg,
  logCall,
  nextSlot,
  phonePhoto,
  photoName,
  postStatus,
  type Pools,
  PoolDry,
  readPools,
  Recorder,
  reportableVisits,
  root,
  signIn,
  startServer,
  taker,
  tsx,
  url,
  WRITES,
  type WriteContext,
  waitUp,
} from './day/shared.js';

const dry = Boolean(process.env.BENCH_DRY);
const seconds = dry ? 2 : Number(process.env.BENCH_SECONDS ?? 10);
const clients = Number(process.env.BENCH_CLIENTS ?? 10);
const resultsFile = process.env.BENCH_RESULTS ?? path.join(import.meta.dirname, 'RESULTS.md');
const port = Number(process.env.BENCH_PORT ?? 3330);
const OURS = `http://127.0.0.1:${port}`;
const BARE = `http://127.0.0.1:${port + 1}`;
const only = process.env.BENCH_CASES?.split(',').filter(Boolean);

/**
 * The copies' triggers, as the catalogue declares them, but those a write cannot do without (`bulkLoad: 'on'`: they
 * fill a NOT NULL column, such as a claim submission's facility; off, the submit that sends a claim fails).
 */
const TRIGGERS = DERIVED.flatMap((c) =>
  c.triggers.filter((t) => t.bulkLoad !== 'on').map((t) => ({ ...t, copy: c.name })),
);

async function setTriggers(c: pg.Client, on: boolean) {
  for (const t of TRIGGERS)
    await c.query(`alter table ${t.table} ${on ? 'enable' : 'disable'} trigger ${t.name}`);
}

/** A pool that starts again from its first row when it runs out (a write that can repeat on a row). */
function cycle<T>(list: T[]): () => T {
  let i = 0;
  if (!list.length) throw new Error('empty pool');
  return () => list[i++ % list.length];
}

/**
 * 10 clients, each sending the next request as soon as the last one answered, for `seconds` or until the write's
 * pool runs dry; answers the seconds it ran.
 */
async function closedLoop(rec: Recorder, name: string, send: (n: number) => Promise<Response>) {
  const start = performance.now();
  const end = start + seconds * 1000;
  let n = 0;
  let dry = false;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!dry && performance.now() < end) {
        let sent: Promise<Response>;
        try {
          sent = send(n++);
        } catch (e) {
          if (!(e instanceof PoolDry)) throw e;
          dry = true;
          console.log(`  ${name}: ${e.message}`);
          break;
        }
        await rec.time(name, () => sent);
      }
    }),
  );
  return (performance.now() - start) / 1000;
}

/** Thirds of a single-use pool: bare, ours and ours with the triggers off each take their own. */
function thirds<T>(name: string, list: T[]): [() => T, () => T, () => T] {
  const k = Math.floor(list.length / 3);
  return [0, 1, 2].map((i) =>
    taker(`${name} (${['bare', 'ours', 'off'][i]})`, list.slice(i * k, (i + 1) * k)),
  ) as [() => T, () => T, () => T];
}

async function main() {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  const stats = (
    await setup.query(`select (select count(*) from invoices)::int as invoices,
      (select count(*) from appointments)::int as appointments`)
  ).rows[0];
  await setup.end();
  const t0 = performance.now();
  const pools: Pools = await readPools(dry ? 600 : 15000);
  const reportable = await reportableVisits(dry ? 300 : 3000);
  console.log(
    `pools in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${pools.editable.length} editable, ${pools.submittable.length} submittable, ` +
      `${pools.fundable.length} fundable, ${pools.movable.length} scheduled visits to move, ${reportable.length} to report on`,
  );
  // Single-use pools in thirds, one per variant; the variant being measured is `variant`.
  let variant = 0;
  const split = <T>(name: string, list: T[]) => {
    const parts = thirds(name, list);
    return () => parts[variant]();
  };
  const visits = split('visits to report on', reportable);
  const takers: WriteContext['pools'] = {
    editable: cycle(pools.editable),
    submittable: split('submittable', pools.submittable),
    fundable: split('fundable', pools.fundable),
    movable: cycle(pools.movable),
  };
  const photo = await phonePhoto();

  const ours = startServer(port);
  const photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-writes-'));
  const bare = spawn(tsx, ['bench/bare-writes.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, PORT: String(port + 1), PHOTO_DIR: photoDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  let triggersOff = false;
  try {
    await waitUp(`${OURS}/api/health`);
    await waitUp(`${BARE}/health`);
    const auth = await signIn(OURS, DEMO.admin);
    const w: WriteContext = { base: OURS, auth, pools: takers, photo };
    const json = (method: string, u: string, body: unknown) =>
      fetch(u, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // Each case: ours (the real route), and the bare endpoint's plain insert/update of the same write.
    const cases: {
      name: string;
      ours: (n: number) => Promise<Response>;
      bare: (n: number) => Promise<Response>;
    }[] = [
      ...Object.entries(WRITES).map(([name, send]) => ({
        name,
        ours: (n: number) => send(w, n),
        bare: bareOf(name, takers, json),
      })),
      {
        name: `installer status with a ${photoName()} (POST /api/appointments/status, multipart)`,
        ours: (n: number) => postStatus(OURS, auth, visits(), 2, photo, `wb-${Date.now()}-${n}`),
        bare: (n: number) => postStatus(BARE, auth, visits(), 2, photo, `wb-${Date.now()}-${n}`),
      },
      {
        name: 'log a call (POST /api/callLog/ingest, one record)',
        ours: (n: number) => logCall(OURS, n),
        bare: (n: number) => json('POST', `${BARE}/calls`, callRecord(n)),
      },
    ];
    const rec = new Recorder();
    const rows: string[] = [];
    const loadAtStart = loadavg();
    for (const k of cases.filter((c) => !only || only.some((word) => c.name.includes(word)))) {
      const ran: Record<string, number> = {};
      variant = 0;
      ran.bare = await closedLoop(rec, `bare|${k.name}`, k.bare);
      variant = 1;
      ran.ours = await closedLoop(rec, `ours|${k.name}`, k.ours);
      variant = 2;
      await setTriggers(admin, false);
      triggersOff = true;
      try {
        ran.off = await closedLoop(rec, `off|${k.name}`, k.ours);
      } finally {
        await setTriggers(admin, true);
        triggersOff = false;
      }
      const [b, o, f] = ['bare', 'ours', 'off'].map((v) => ({ ...rec.stats(`${v}|${k.name}`), s: ran[v] }));
      const rate = (s: { n: number; s: number }) => s.n / s.s;
      const cell = (s: ReturnType<Recorder['stats']> & { s: number }) =>
        `${rate(s).toFixed(0)} | ${s.p50.toFixed(0)} | ${s.p99.toFixed(0)} | ${s.errors}`;
      rows.push(
        `| ${k.name} | ${cell(b)} | ${cell(o)} | ${cell(f)} | ${(rate(o) / rate(b)).toFixed(2)}× | ${((1 - rate(o) / rate(f)) * 100).toFixed(0)} % / ${(o.p99 - f.p99).toFixed(0)} ms |`,
      );
      console.log(rows.at(-1));
      for (const v of ['bare', 'ours', 'off'])
        for (const s of rec.samples.get(`${v}|${k.name}`) ?? []) console.log(`  ${v} error: ${s}`);
    }
    const section = [
      `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: A real day (issue #36), the cost of each write (\`npm run bench:writes -w bench\`)`,
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ` +
        `PostgreSQL at ${new URL(url).host}; shared with other sessions' work. Data: ${stats.invoices.toLocaleString('en-US')} invoices, ` +
        `${stats.appointments.toLocaleString('en-US')} appointments. Each write alone, ${clients} clients in a closed loop, ${seconds} s per figure, ` +
        `a different row per request; the bare endpoint (bench/bare-writes.ts) and our server running at once, pool 10 each. ` +
        `Load average (1, 5, 15 min): ${loadAtStart} at the start, ${loadavg()} at the end.`,
      '',
      '| write | bare /s | p50 | p99 | err | ours /s | p50 | p99 | err | ours, copies’ triggers off /s | p50 | p99 | err | ours / bare | triggers’ cost (throughput / p99) |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      `Times in ms. The triggers switched off for the third figure (${TRIGGERS.length}, every trigger of the derived copies in ` +
        '`apps/server/src/db/derived/catalogue.ts`; on again after each figure, then the copies repaired): ' +
        [...new Set(TRIGGERS.map((t) => t.copy))]
          .map(
            (copy) =>
              `${copy}: ${TRIGGERS.filter((t) => t.copy === copy)
                .map((t) => `${t.table}.${t.name}`)
                .join(', ')}`,
          )
          .join('; ') +
        '. The Control Room’s pg_notify triggers stay on in all three.',
      '',
    ];
    console.log(section.join('\n'));
    if (!dry) fs.appendFileSync(resultsFile, `${section.join('\n')}\n`);
  } finally {
    if (triggersOff) await setTriggers(admin, true).catch((e) => console.error('re-enabling triggers:', e));
    // The versions the switched-off change counters did not raise: every facility's kept answers are stale.
    await admin.query('update appointment_versions set version = version + 1').catch(() => {});
    await admin.end();
    ours.kill('SIGTERM');
    bare.kill('SIGTERM');
    fs.rmSync(photoDir, { recursive: true, force: true });
  }
  // The copies the writes left behind while their triggers were off.
  const repair = spawnSync(tsx, ['apps/server/src/db/derived/cli.ts', '--repair'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
    stdio: 'inherit',
  });
  if (repair.status !== 0) console.error('check:derived --repair failed: run it by hand');
}

/** The bare endpoint's request for the same write (same pools, the same body). */
function bareOf(
  name: string,
  p: WriteContext['pools'],
  json: (method: string, u: string, body: unknown) => Promise<Response>,
): (n: number) => Promise<Response> {
  if (name.startsWith('invoice field save'))
    return (n) =>
      json(
        'PATCH',
        `${BARE}/invoices/${p.editable()}`,
        n % 2
          ? { claimNumber: `CLM-${process.pid}-${n}` }
          : { followUpAt: new Date(Date.now() + (n % 500) * 3_600_000).toISOString() },
      );
  if (name.startsWith('add a repair'))
    return (n) =>
      json('POST', `${BARE}/repairs`, {
        invoiceId: p.editable(),
        description: `Chip repair ${n}`,
        location: 'Driver side',
        amount: 49.95,
      });
  if (name.startsWith('submit')) return () => json('POST', `${BARE}/invoices/${p.submittable()}/submit`, {});
  if (name.startsWith('fund'))
    return (n) => {
      const f = p.fundable();
      return json('POST', `${BARE}/invoices/${f.id}/fund`, {
        transactionTypeId: 1,
        amount: f.amount,
        reference: `CHK-${n}`,
      });
    };
  if (name.startsWith('move'))
    return () => {
      const s = p.movable();
      return json('POST', `${BARE}/schedules/move`, {
        scheduleInvoiceId: s.invoiceId,
        partTypeId: s.partTypeId,
        appointmentDateTime: nextSlot(),
      });
    };
  if (name.startsWith('send a message'))
    return (n) => {
      const fd = new FormData();
      fd.append('Subject', `Day bench ${n}`);
      fd.append('Message', 'Customer called about the windshield; please call back.');
      for (const id of [101, 103, 104, 105]) fd.append('RecipientUserIds[]', String(id));
      return fetch(`${BARE}/conversations`, { method: 'POST', body: fd });
    };
  throw new Error(`no bare write for ${name}`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
