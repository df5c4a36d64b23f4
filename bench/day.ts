// `npm run bench:day -w bench` (issue #36, "reads while others write"): a shop's day compressed into minutes on the
// million-invoice bench database (BENCH_DATABASE_URL, default glass_bench), against one server process:
//   - 8 office readers in a closed loop (no think time), each request one of the screens bench/run.ts measures, in
//     the proportions 3 invoice list : 2 service vehicle list : 3 invoice detail : 1 calendar week : 1 report;
//   - 2 writers at 5 writes/s each (open loop: sent on schedule whatever the answers), the common writes as the web
//     app sends them in the ratio 4 field saves : 2 repairs : 1 submit : 1 funding : 1 appointment move : 1 message;
//   - 2 installers (demo users 103 and 105) posting a status of one of their visits with a 12 MP photo every 10 s;
//   - 1 call ingested per second (POST /api/callLog/ingest, as the PBX sends it);
//   - one DMS import of 20,000 rows (BENCH_DAY_DMS_ROWS) started with the load, as bench/dms-import.ts runs it;
//   - 4 socket.io clients (users 101–104) receiving the alerts; 101's also watches facility 1's Control Room.
// First an idle phase (BENCH_DAY_IDLE_SECONDS, 30): the same 8 readers alone, the reference each read class is
// compared with; then the load (BENCH_DAY_SECONDS, 180). Prints p50/p99 per request class, writes per second,
// errors, and the budget: every read class p99 ≤ 2× its idle p99 and ≤ 150 ms; no write p99 over 250 ms; no errors.
// Appends the section to bench/RESULTS.md (BENCH_DRY=1: 10 s idle, 20 s load, print only).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultReportRange } from '@glass/domain';
import { invoiceListSelect } from '@glass/domain/invoice-list';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import {
  DEMO,
  loadavg,
  logCall,
  percentile,
  phonePhoto,
  postStatus,
  readPools,
  Recorder,
  sampleServer,
  signIn,
  startServer,
  taker,
  url,
  WRITES,
  type WriteContext,
  waitUp,
} from './day/shared.js';

const dry = Boolean(process.env.BENCH_DRY);
const idleSeconds = dry ? 10 : Number(process.env.BENCH_DAY_IDLE_SECONDS ?? 30);
const seconds = dry ? 20 : Number(process.env.BENCH_DAY_SECONDS ?? 180);
const dmsRows = Number(process.env.BENCH_DAY_DMS_ROWS ?? 20_000);
const READERS = 8;
const WRITERS = 2;
const WRITES_PER_SECOND = 5;
const resultsFile = process.env.BENCH_RESULTS ?? path.join(import.meta.dirname, 'RESULTS.md');
const port = Number(process.env.BENCH_PORT ?? 3320);
const base = `http://127.0.0.1:${port}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Writes in the ratio of a shop's office: the weights of WRITES' entries, in order. */
const WRITE_MIX = [4, 2, 1, 1, 1, 1];

/** A small deterministic generator (xorshift), so that every run sends the same sequence. */
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}
function weighted<T>(items: T[], weights: number[], r: number): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let at = r * total;
  for (let i = 0; i < items.length; i++) {
    at -= weights[i];
    if (at < 0) return items[i];
  }
  return items[items.length - 1];
}

/** A VIN whose position 9 is its check digit (as bench/dms-import.ts). */
function vin(n: number): string {
  const body = `1HGCM8260 3A${String(n % 1_000_000).padStart(6, '0')}`.replace(' ', '');
  const values: Record<string, number> = { H: 8, G: 7, C: 3, M: 4, A: 1 };
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (/\d/.test(body[i]) ? Number(body[i]) : values[body[i]]) * weights[i];
  const check = sum % 11 === 10 ? 'X' : String(sum % 11);
  return body.slice(0, 8) + check + body.slice(9);
}

async function main() {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const stats = (
    await c.query(`select (select count(*) from invoices)::int as invoices, (select max(id) from invoices)::int as "maxId",
      (select count(*) from service_vehicles)::int as sv, (select max(open_date_time) from invoices) as latest,
      (select to_char(min(appointment_date_time) at time zone 'UTC', 'YYYY-MM-DD') from appointments
        where facility_id = 1 and status_id = 1) as "apptDay"`)
  ).rows[0];
  await c.end();
  const pools = await readPools(3000);
  const photo = await phonePhoto();
  console.log(
    `pools: ${pools.editable.length} editable, ${pools.submittable.length} submittable, ${pools.fundable.length} fundable, ` +
      `${pools.movable.length} movable; installer visits ${[...pools.visits.values()].map((v) => v.length).join(' and ')}; photo ${(photo.length / 2 ** 20).toFixed(1)} MB`,
  );

  const server = startServer(port);
  const sockets: Socket[] = [];
  try {
    await waitUp(`${base}/api/health`);
    const reader = await signIn(base, DEMO.admin);
    const writerAuth = [await signIn(base, DEMO.admin), await signIn(base, DEMO.assistant)];
    const installers = [
      { id: DEMO.leadTech.id, auth: await signIn(base, DEMO.leadTech) },
      { id: DEMO.installer.id, auth: await signIn(base, DEMO.installer) },
    ];

    // The screens (the requests bench/run.ts measures), with their weights.
    const to = new Date(stats.latest);
    const from = new Date(to.getTime() - 30 * 86400_000);
    const listFilter = encodeURIComponent(
      `OpenDateTime ge ${from.toISOString()} and OpenDateTime lt ${to.toISOString()}`,
    );
    const range = defaultReportRange(new Date().toISOString().slice(0, 10));
    const screens: { name: string; weight: number; path: (r: () => number) => string }[] = [
      {
        name: 'invoice list (30 days, top 250, count)',
        weight: 3,
        path: () => `/api/Invoices?$filter=${listFilter}&$top=250&$count=true&$select=${invoiceListSelect()}`,
      },
      {
        name: 'service vehicle list (top 100, count, priority)',
        weight: 2,
        path: () =>
          `/api/ServiceVehicles?$top=100&$count=true&$orderby=${encodeURIComponent('priority asc,id desc')}`,
      },
      {
        name: 'invoice detail (a random invoice)',
        weight: 3,
        path: (r) => `/api/Invoices/${1 + Math.floor(r() * stats.maxId)}`,
      },
      {
        name: 'calendar week (facility 1)',
        weight: 1,
        path: () => `/api/appointmentsSchedule/calendar?startDate=${stats.apptDay}&view=Week&facilityId=1`,
      },
      {
        name: `report (sales, ${range.from} – ${range.to}, by month)`,
        weight: 1,
        path: () => `/api/reports/sales?from=${range.from}&to=${range.to}&groupBy=month`,
      },
    ];
    const readNames = screens.map((s) => s.name);
    // Warm-up: each screen once (the first request of a process plans and caches).
    for (const s of screens) {
      const res = await fetch(`${base}${s.path(rng(1))}`, { headers: reader });
      if (!res.ok) throw new Error(`${s.name}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }

    // The alert clients: connected for the whole run.
    const alertCounts = new Map<string, number>();
    const alertAt = new Map<number, number[]>();
    let disconnects = 0;
    const clientUsers = [DEMO.admin, DEMO.manager, DEMO.leadTech, DEMO.assistant];
    for (const u of clientUsers) {
      const token = (await signIn(base, u)).authorization.slice('Bearer '.length);
      const s = io(base, { path: '/socket.io', auth: { token }, reconnection: false, forceNew: true });
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      s.on('disconnect', () => disconnects++);
      s.onAny((event: string, payload: any) => {
        alertCounts.set(event, (alertCounts.get(event) ?? 0) + 1);
        if (event === 'NewAlert' && typeof payload?.conversationId === 'number') {
          const list = alertAt.get(payload.conversationId) ?? [];
          list.push(performance.now());
          alertAt.set(payload.conversationId, list);
        }
      });
      sockets.push(s);
    }
    const watch = await sockets[0].timeout(5000).emitWithAck('ControlRoomWatch', { facilityId: 1 });
    if (!watch?.ok) throw new Error(`ControlRoomWatch refused: ${JSON.stringify(watch)}`);

    const readLoop = (rec: Recorder, until: number, seed: number) => async () => {
      const r = rng(seed);
      while (performance.now() < until) {
        const s = weighted(
          screens,
          screens.map((x) => x.weight),
          r(),
        );
        await rec.time(s.name, () => fetch(`${base}${s.path(r)}`, { headers: reader }));
      }
    };

    // Idle: the readers alone.
    const idle = new Recorder();
    const idleLoad = [loadavg()];
    let sampler = sampleServer(base);
    let until = performance.now() + idleSeconds * 1000;
    await Promise.all(Array.from({ length: READERS }, (_, i) => readLoop(idle, until, 100 + i)()));
    idleLoad.push(loadavg());
    const idleSamples = await sampler.stop();
    sampler = sampleServer(base);
    console.log(`idle phase done (${idleSeconds} s)`);

    // The day.
    const day = new Recorder();
    const dayLoad = [loadavg()];
    const started = performance.now();
    until = started + seconds * 1000;
    const pending: Promise<unknown>[] = [];
    const pools2: WriteContext['pools'] = {
      editable: taker('editable', pools.editable),
      submittable: taker('submittable', pools.submittable),
      fundable: taker('fundable', pools.fundable),
      movable: taker('movable', pools.movable),
    };
    const writeNames = Object.keys(WRITES);
    const messageSent = new Map<number, number>();
    let writeNo = 0;
    const writers = writerAuth.slice(0, WRITERS).map(async (auth, k) => {
      const r = rng(7 + k);
      const w: WriteContext = { base, auth, pools: pools2, photo };
      // Staggered: the two writers' ticks interleave.
      for (let tick = 0; ; tick++) {
        const at = started + (k * 1000) / (WRITERS * WRITES_PER_SECOND) + (tick * 1000) / WRITES_PER_SECOND;
        if (at >= until) break;
        await sleep(Math.max(0, at - performance.now()));
        const name = weighted(writeNames, WRITE_MIX, r());
        const n = writeNo++;
        const sent = performance.now();
        pending.push(
          day
            .time(name, () => WRITES[name](w, n))
            .then((res) => {
              // A message's alerts are timed from the moment its POST was sent.
              if (res?.ok && name.startsWith('send a message'))
                messageSent.set(JSON.parse(res.text).id, sent);
            }),
        );
      }
    });
    // Installers: a status every 10 s each (Arrived, then Completed, then the next visit), 5 s apart.
    const statusName = 'installer status with a 12 MP photo (POST /api/appointments/status)';
    const installerLoops = installers.map(async (inst, k) => {
      const visits = pools.visits.get(inst.id) ?? [];
      let v = 0;
      let arrived = false;
      for (let tick = 0; ; tick++) {
        const at = started + k * 5000 + tick * 10_000;
        if (at >= until) break;
        await sleep(Math.max(0, at - performance.now()));
        if (v >= visits.length) throw new Error(`installer ${inst.id} ran out of scheduled visits`);
        const visit = visits[v];
        const status = arrived ? 3 : 2;
        pending.push(
          day.time(statusName, () =>
            postStatus(base, inst.auth, visit, status, photo, `day-${Date.now()}-${inst.id}-${tick}`),
          ),
        );
        if (arrived) v++;
        arrived = !arrived;
      }
    });
    // Calls: one a second.
    const callName = 'log a call (POST /api/callLog/ingest)';
    const calls = (async () => {
      for (let tick = 0; ; tick++) {
        const at = started + 500 + tick * 1000;
        if (at >= until) break;
        await sleep(Math.max(0, at - performance.now()));
        pending.push(day.time(callName, () => logCall(base, tick)));
      }
    })();
    // The DMS import: upload, preview, start, then wait for it (as bench/dms-import.ts).
    const dms = (async () => {
      if (!dmsRows) return { status: 'skipped', created: 0, updated: 0, failed: 0, seconds: 0 };
      const auth = writerAuth[0];
      const prefix = `D${Date.now().toString(36).toUpperCase()}-`;
      const lines = ['RO Number,RO Status,Open Date,VIN,Year,Make,Model,Customer Name,Cell Phone'];
      for (let i = 1; i <= dmsRows; i++)
        lines.push(
          `${prefix}${i},Open,3/4/2025,${vin(i)},2021,Honda,Accord,"Smith${i}, Jo",(281) 894-${String(i % 10_000).padStart(4, '0')}`,
        );
      const form = new FormData();
      form.append('FacilityId', '1');
      form.append('File', new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }), 'day.csv');
      const t = performance.now();
      const up = await dmsStep(
        base,
        auth,
        day,
        'DMS import: upload (POST /api/DmsImports)',
        '/api/DmsImports',
        form,
      );
      await dmsStep(base, auth, day, 'DMS import: preview', `/api/DmsImports/${up.import.id}/preview`, {
        mapping: up.suggestedMapping,
      });
      await dmsStep(base, auth, day, 'DMS import: start', `/api/DmsImports/${up.import.id}/start`, {
        mapping: up.suggestedMapping,
        defaultRepairCount: 1,
      });
      for (;;) {
        const res = await fetch(`${base}/api/DmsImports/${up.import.id}`, { headers: auth });
        const done = (await res.json()) as any;
        if (done.status !== 'queued' && done.status !== 'running')
          return { ...done, seconds: (performance.now() - t) / 1000 };
        await sleep(500);
      }
    })().catch((e) => {
      day.record('DMS import: failed', 0, String(e?.message ?? e));
      return { status: 'failed', created: 0, updated: 0, failed: 0, seconds: Number.NaN };
    });
    await Promise.all([
      ...Array.from({ length: READERS }, (_, i) => readLoop(day, until, 200 + i)()),
      ...writers,
      ...installerLoops,
      calls,
    ]);
    const elapsed = (performance.now() - started) / 1000;
    dayLoad.push(loadavg());
    const daySamples = await sampler.stop();
    await Promise.all(pending);
    const imported = await dms;
    await sleep(1000);

    // Alerts of the messages: from sending the POST to each client receiving NewAlert.
    const deliveries: number[] = [];
    for (const [id, times] of alertAt) {
      const sent = messageSent.get(id);
      if (sent !== undefined) deliveries.push(...times.map((t) => t - sent));
    }
    deliveries.sort((a, b) => a - b);

    const out: string[] = [];
    const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '–');
    out.push(
      `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: A real day (issue #36), mixed load (\`npm run bench:day -w bench\`)`,
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ` +
        `PostgreSQL at ${new URL(url).host}, the server, PostgreSQL and this load on the same machine, **shared with other sessions' work**. ` +
        `Data: ${stats.invoices.toLocaleString('en-US')} invoices, ${stats.sv.toLocaleString('en-US')} service vehicles. ` +
        `Load average (1, 5, 15 min): idle phase ${idleLoad.join(' → ')}; day ${dayLoad.join(' → ')}.`,
      '',
      `Idle: ${READERS} readers alone for ${idleSeconds} s. Day: ${seconds} s of ${READERS} readers, ${WRITERS} writers at ${WRITES_PER_SECOND} writes/s each, ` +
        `2 installers posting a status with a ${(photo.length / 2 ** 20).toFixed(1)} MB 12 MP photo every 10 s, 1 call/s, one ${dmsRows.toLocaleString('en-US')}-row DMS import, ` +
        `${sockets.length} socket.io clients.`,
      '',
      '| read class | idle n | idle p50 | idle p99 | day n | day p50 | day p99 | errors | p99 day / idle | budget (≤ 2× idle, ≤ 150 ms) |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    );
    let pass = true;
    for (const name of readNames) {
      const i = idle.stats(name);
      const d = day.stats(name);
      const ok = d.p99 <= 2 * i.p99 && d.p99 <= 150 && d.errors === 0 && i.errors === 0;
      pass &&= ok;
      out.push(
        `| ${name} | ${i.n} | ${fmt(i.p50)} | ${fmt(i.p99)} | ${d.n} | ${fmt(d.p50)} | ${fmt(d.p99)} | ${d.errors + i.errors} | ${(d.p99 / i.p99).toFixed(2)}× | ${ok ? 'pass' : '**fail**'} |`,
      );
    }
    const readsPerSecond = readNames.reduce((a, n) => a + day.stats(n).n, 0) / elapsed;
    const idleReadsPerSecond = readNames.reduce((a, n) => a + idle.stats(n).n, 0) / idleSeconds;
    out.push(
      '',
      `Reads: ${idleReadsPerSecond.toFixed(0)} /s idle, ${readsPerSecond.toFixed(0)} /s during the day.`,
      '',
      '| write class | n | per s | p50 | p99 | max | errors | budget (p99 ≤ 250 ms) |',
      '|---|---:|---:|---:|---:|---:|---:|---|',
    );
    let writes = 0;
    for (const name of [...writeNames, statusName, callName]) {
      const d = day.stats(name);
      writes += d.n;
      const ok = d.p99 <= 250 && d.errors === 0;
      pass &&= ok;
      out.push(
        `| ${name} | ${d.n} | ${(d.n / elapsed).toFixed(2)} | ${fmt(d.p50)} | ${fmt(d.p99)} | ${fmt(d.max)} | ${d.errors} | ${ok ? 'pass' : '**fail**'} |`,
      );
    }
    const dmsNames = [...day.times.keys()].filter((n) => n.startsWith('DMS'));
    let dmsErrors = 0;
    for (const name of dmsNames) dmsErrors += day.stats(name).errors;
    pass &&= dmsErrors === 0 && imported.failed === 0 && imported.status !== 'failed';
    out.push(
      '',
      `Writes: ${writes} in ${elapsed.toFixed(0)} s = **${(writes / elapsed).toFixed(1)} writes/s** (office writes, statuses and calls), ` +
        `besides the DMS import: ${imported.status}, ${imported.created} created, ${imported.updated} updated, ${imported.failed} failed ` +
        `in ${imported.seconds.toFixed(1)} s from its upload (${dmsNames.map((n) => `${n.replace('DMS import: ', '')} ${fmt(day.stats(n).p50)} ms`).join(', ')}).`,
      '',
      `Socket.io: ${[...alertCounts].map(([e, n]) => `${n} ${e}`).join(', ') || 'no events'} received by ${sockets.length} clients; ` +
        `${deliveries.length} message alerts timed from sending the POST to a client receiving NewAlert: p50 ${fmt(percentile(deliveries, 50))} ms, ` +
        `p99 ${fmt(percentile(deliveries, 99))} ms; ${disconnects} disconnects.`,
      '',
      `Server process (sampled every 2 s from GET /metrics): event-loop delay, largest in a sample, ` +
        `idle ${lagSummary(idleSamples)}, day ${lagSummary(daySamples)}; resident memory ${fmt(idleSamples[0]?.rssMb)} MB at the start, ` +
        `${fmt(daySamples.at(-1)?.rssMb ?? Number.NaN)} MB at the end.`,
      '',
      `Errors: ${[...day.errors.values(), ...idle.errors.values()].reduce((a, b) => a + b, 0)}. Budget: **${pass && disconnects === 0 ? 'pass' : 'fail'}**.`,
      '',
    );
    for (const [name, s] of [...idle.samples, ...day.samples])
      for (const e of s) console.log(`error ${name}: ${e}`);
    console.log(out.join('\n'));
    if (!dry) fs.appendFileSync(resultsFile, `${out.join('\n')}\n`);
  } finally {
    for (const s of sockets) s.close();
    server.kill('SIGTERM');
  }
}

/** The event-loop delay samples as 'p50 / max of the samples'. */
function lagSummary(samples: { lagMaxMs: number }[]): string {
  const lags = samples
    .map((x) => x.lagMaxMs)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  return lags.length
    ? `median ${percentile(lags, 50).toFixed(0)} ms, worst ${lags.at(-1)!.toFixed(0)} ms`
    : 'not sampled';
}

/** One step of the DMS import, timed as its own request class; answers the parsed JSON. */
async function dmsStep(
  base: string,
  auth: { authorization: string },
  rec: Recorder,
  name: string,
  pathname: string,
  body: unknown,
): Promise<any> {
  const t = performance.now();
  const res = await fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { ...auth, ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
    body: body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  rec.record(name, performance.now() - t, res.ok ? undefined : `${res.status} ${text.slice(0, 300)}`);
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${text}`);
  return JSON.parse(text);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
