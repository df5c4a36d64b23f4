// `npm run bench:day -w bench` (issue #36, "reads while others write"): a shop's day compressed into minutes on the
// million-invoice bench database (BENCH_DATABASE_URL, default glass_bench), against one server process:
//   - 8 office readers in a closed loop (no think time), each request one of the screens bench/run.ts measures, in
//     the proportions 3 invoice list : 2 service vehicle list : 3 invoice detail : 1 calendar week : 1 report;
//   - 2 writers at 5 writes/s each (open loop: sent on schedule whatever the answers), the common writes as the web
//     app sends them in the ratio 4 field saves : 2 repairs : 1 submit : 1 funding : 1 appointment move : 1 message;
//   - 2 installers (demo users 103 and 105) posting a status of one of their visits with a photo every 10 s (as the
//     app sends it: a camera's 12 MP photo shrunk to 2048 × 1536 on the phone; BENCH_PHOTO_WIDTH=4032 sends it whole);
//   - 1 call ingested per second (POST /api/callLog/ingest, as the PBX sends it);
//   - one DMS import of 20,000 rows (BENCH_DAY_DMS_ROWS) started with the load, as bench/dms-import.ts runs it;
//   - 4 socket.io clients (users 101–104) receiving the alerts; 101's also watches facility 1's Control Room.
// First an idle phase (BENCH_DAY_IDLE_SECONDS, 30): the same 8 readers alone, the reference each read class is
// compared with; then the load (BENCH_DAY_SECONDS, 180). Prints p50/p99 per request class, writes per second,
// errors, and the budget: every read class p99 ≤ 2× its idle p99 and ≤ 150 ms; no write p99 over 250 ms; no errors.
// Appends the section to bench/RESULTS.md (BENCH_DRY=1: 10 s idle, 20 s load, print only).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { machineLine } from './app-server.js';
import {
  alertClients,
  benchStats,
  CALL_NAME,
  dmsImport,
  officeScreens,
  READERS,
  readLoop,
  signInLoad,
  STATUS_NAME,
  sleep,
  startCalls,
  startInstallers,
  startWriters,
  visitsFrom,
  type WriteLoad,
  WRITERS,
  WRITES_PER_SECOND,
  warmUp,
} from './day/load.js';
import {
  loadavg,
  percentile,
  phonePhoto,
  photoName,
  readPools,
  Recorder,
  sampleServer,
  startServer,
  taker,
  url,
  WRITES,
  waitUp,
} from './day/shared.js';

const dry = Boolean(process.env.BENCH_DRY);
const idleSeconds = dry ? 10 : Number(process.env.BENCH_DAY_IDLE_SECONDS ?? 30);
const seconds = dry ? 20 : Number(process.env.BENCH_DAY_SECONDS ?? 180);
const dmsRows = Number(process.env.BENCH_DAY_DMS_ROWS ?? 20_000);
const resultsFile = process.env.BENCH_RESULTS ?? path.join(import.meta.dirname, 'RESULTS.md');
const port = Number(process.env.BENCH_PORT ?? 3320);
const base = `http://127.0.0.1:${port}`;

async function main() {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const stats = await benchStats(c);
  await c.end();
  const pools = await readPools(3000);
  const photo = await phonePhoto();
  console.log(
    `pools: ${pools.editable.length} editable, ${pools.submittable.length} submittable, ${pools.fundable.length} fundable, ` +
      `${pools.movable.length} movable; installer visits ${[...pools.visits.values()].map((v) => v.length).join(' and ')}; photo ${(photo.length / 2 ** 20).toFixed(1)} MB`,
  );

  const server = startServer(port);
  let alerts: Awaited<ReturnType<typeof alertClients>> | undefined;
  try {
    await waitUp(`${base}/api/health`);
    const { reader, writers: writerAuth, installers } = await signInLoad(base);
    const screens = officeScreens(stats);
    const readNames = screens.map((s) => s.name);
    await warmUp(base, reader, screens);
    alerts = await alertClients(base);
    const { sockets } = alerts;

    // Idle: the readers alone.
    const idle = new Recorder();
    const idleLoad = [loadavg()];
    let sampler = sampleServer(base);
    let until = performance.now() + idleSeconds * 1000;
    await Promise.all(
      Array.from({ length: READERS }, (_, i) => readLoop(base, reader, screens, idle, until, 100 + i)),
    );
    idleLoad.push(loadavg());
    const idleSamples = await sampler.stop();
    sampler = sampleServer(base);
    console.log(`idle phase done (${idleSeconds} s)`);

    // The day.
    const day = new Recorder();
    const dayLoad = [loadavg()];
    const started = performance.now();
    until = started + seconds * 1000;
    const load: WriteLoad = { base, rec: day, started, until, pending: [] };
    const writeNames = Object.keys(WRITES);
    const messageSent = new Map<number, number>();
    const writers = startWriters(
      load,
      writerAuth.slice(0, WRITERS),
      {
        editable: taker('editable', pools.editable),
        submittable: taker('submittable', pools.submittable),
        fundable: taker('fundable', pools.fundable),
        movable: taker('movable', pools.movable),
      },
      photo,
      messageSent,
    );
    const installerLoops = startInstallers(load, installers, visitsFrom(pools), photo);
    const calls = startCalls(load);
    const dms = dmsImport(base, writerAuth[0], day, dmsRows);
    await Promise.all([
      ...Array.from({ length: READERS }, (_, i) => readLoop(base, reader, screens, day, until, 200 + i)),
      ...writers,
      ...installerLoops,
      calls,
    ]);
    const elapsed = (performance.now() - started) / 1000;
    dayLoad.push(loadavg());
    const daySamples = await sampler.stop();
    await Promise.all(load.pending);
    const imported = await dms;
    // BENCH_DAY_TIMELINE=<file>: every request of the day as CSV (class, start and end in ms from the day's start,
    // latency), and the import's start and end, to see what the slow ones overlapped.
    if (process.env.BENCH_DAY_TIMELINE) {
      const lines = ['class,start,end,ms'];
      for (const [name, times] of day.times) {
        const ends = day.ends.get(name) ?? [];
        times.forEach((ms, i) => {
          const end = ends[i] - started;
          lines.push(`"${name}",${(end - ms).toFixed(0)},${end.toFixed(0)},${ms.toFixed(0)}`);
        });
      }
      lines.push(
        `"DMS import",${((imported.startedAt ?? started) - started).toFixed(0)},${((imported.endedAt ?? started) - started).toFixed(0)},0`,
      );
      fs.writeFileSync(process.env.BENCH_DAY_TIMELINE, `${lines.join('\n')}\n`);
    }
    await sleep(1000);
    const { counts: alertCounts, alertAt, disconnects } = alerts;

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
      `Machine: ${machineLine()}, ` +
        `PostgreSQL at ${new URL(url).host}, the server, PostgreSQL and this load on the same machine, **shared with other sessions' work**. ` +
        `Data: ${stats.invoices.toLocaleString('en-US')} invoices, ${stats.sv.toLocaleString('en-US')} service vehicles. ` +
        `Load average (1, 5, 15 min): idle phase ${idleLoad.join(' → ')}; day ${dayLoad.join(' → ')}.`,
      '',
      `Idle: ${READERS} readers alone for ${idleSeconds} s. Day: ${seconds} s of ${READERS} readers, ${WRITERS} writers at ${WRITES_PER_SECOND} writes/s each, ` +
        `2 installers posting a status with a ${(photo.length / 2 ** 20).toFixed(1)} MB ${photoName()} every 10 s, 1 call/s, one ${dmsRows.toLocaleString('en-US')}-row DMS import, ` +
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
    for (const name of [...writeNames, STATUS_NAME, CALL_NAME]) {
      const d = day.stats(name);
      writes += d.n;
      const ok = d.p99 <= 250 && d.errors === 0;
      pass &&= ok;
      out.push(
        `| ${name} | ${d.n} | ${(d.n / elapsed).toFixed(2)} | ${fmt(d.p50)} | ${fmt(d.p99)} | ${fmt(d.max)} | ${d.errors} | ${ok ? 'pass' : '**fail**'} |`,
      );
    }
    // Where the writes' tails are: the requests under way while the DMS import ran, and the rest of the day.
    const allWrites = [...writeNames, STATUS_NAME, CALL_NAME];
    if (imported.startedAt !== undefined && imported.endedAt !== undefined) {
      const during = day.within(allWrites, imported.startedAt, imported.endedAt);
      const outside = day.within(allWrites, imported.startedAt, imported.endedAt, false);
      out.push(
        '',
        `Every write together: while the DMS import ran (${fmt((imported.endedAt - imported.startedAt) / 1000)} s) n ${during.length}, ` +
          `p50 ${fmt(percentile(during, 50))}, p99 ${fmt(percentile(during, 99))} ms; the rest of the day n ${outside.length}, ` +
          `p50 ${fmt(percentile(outside, 50))}, p99 ${fmt(percentile(outside, 99))} ms.`,
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
        `${fmt(daySamples.at(-1)?.rssMb ?? Number.NaN)} MB at the end. Requests waiting for a PostgreSQL connection ` +
        `of the writes' pool: idle ${waitSummary(idleSamples, 'poolWaiting')}, day ${waitSummary(daySamples, 'poolWaiting')}; ` +
        `of the reads' pool (decision 0036): idle ${waitSummary(idleSamples, 'readWaiting')}, day ${waitSummary(daySamples, 'readWaiting')}.`,
      '',
      `Errors: ${[...day.errors.values(), ...idle.errors.values()].reduce((a, b) => a + b, 0)}. Budget: **${pass && disconnects === 0 ? 'pass' : 'fail'}**.`,
      '',
    );
    for (const [name, s] of [...idle.samples, ...day.samples])
      for (const e of s) console.log(`error ${name}: ${e}`);
    console.log(out.join('\n'));
    if (!dry) fs.appendFileSync(resultsFile, `${out.join('\n')}\n`);
  } finally {
    for (const s of alerts?.sockets ?? []) s.close();
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

/** The pool's queue in the samples: 'median / max, in N % of the samples'. */
function waitSummary<K extends string>(samples: Record<K, number>[], key: K): string {
  const w = samples
    .map((x) => x[key])
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  if (!w.length) return 'not sampled';
  const some = w.filter((x) => x > 0).length;
  return `median ${percentile(w, 50)}, max ${w.at(-1)}, above zero in ${Math.round((100 * some) / w.length)} % of the samples`;
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
