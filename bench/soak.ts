// `npm run soak -w bench` (issue #36, "a process that runs all day"): the mixed load of `bench:day` (bench/day/load.ts:
// 8 office readers, 2 writers at 5 writes/s each, 2 installers posting a status with a photo (as bench:day) every 10 s, 1 call
// per second, 4 socket.io clients, one 20,000-row DMS import every SOAK_DMS_EVERY_MINUTES (30)) for SOAK_MINUTES (120)
// against one server process on the million-invoice bench database. Every minute it samples the server (GET /metrics:
// resident memory, V8 heap, event-loop delay, open sockets and file descriptors, socket.io rooms, the per-process
// caches, the pool) and the load's p50/p99 of that minute's reads and writes; writes them to bench/.data/soak.jsonl as
// they come, and at the end draws bench/soak.svg and appends a section to bench/RESULTS.md with the budget: resident
// memory and read/write p99 flat (the mean of the last ten minutes at most 10% above the mean of minutes 10–19), the
// caches and rooms bounded, no errors, no disconnects.
// SOAK_MARKS=<file>: lines "<ISO time> <note>" of other work on the machine during the run, drawn on the plot.
// BENCH_DRY=1: 3 minutes, a 2,000-row import every minute, nothing appended.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  alertClients,
  benchStats,
  CALL_NAME,
  type DmsOutcome,
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
  WRITERS,
  type WriteLoad,
  warmUp,
} from './day/load.js';
import { type Minute, soakSvg } from './day/plot.js';
import {
  loadavg,
  METRICS_TOKEN,
  nextSlot,
  percentile,
  phonePhoto,
  readPools,
  Recorder,
  startServer,
  taker,
  url,
  WRITES,
  waitUp,
} from './day/shared.js';

const dry = Boolean(process.env.BENCH_DRY);
const minutes = dry ? 3 : Number(process.env.SOAK_MINUTES ?? 120);
const dmsEvery = dry ? 1 : Number(process.env.SOAK_DMS_EVERY_MINUTES ?? 30);
const dmsRows = dry ? 2000 : Number(process.env.BENCH_DAY_DMS_ROWS ?? 20_000);
const port = Number(process.env.BENCH_PORT ?? 3321);
const base = `http://127.0.0.1:${port}`;
const dataDir = path.join(import.meta.dirname, '.data');
const ASSIGN_NAME = 'assign a visit to an installer (POST /api/appointmentsSchedule/save)';
const resultsFile = process.env.BENCH_RESULTS ?? path.join(import.meta.dirname, 'RESULTS.md');

/** Cycles through a list (rows a write can act on again: a field saved twice, a visit moved twice). */
function cycle<T>(list: T[]): () => T {
  let i = 0;
  if (!list.length) throw new Error('an empty pool');
  return () => list[i++ % list.length];
}

/** A Recorder that also keeps the current minute's reads and writes apart, for the per-minute p99. */
class MinuteRecorder extends Recorder {
  reads: number[] = [];
  writes: number[] = [];
  minuteErrors = 0;
  constructor(private readNames: Set<string>) {
    super();
  }
  override record(name: string, ms: number, error?: string) {
    super.record(name, ms, error);
    if (error) this.minuteErrors++;
    if (this.readNames.has(name)) this.reads.push(ms);
    else if (!name.startsWith('DMS')) this.writes.push(ms);
  }
  /** The minute's figures, and a fresh minute. */
  take() {
    const reads = this.reads.sort((a, b) => a - b);
    const writes = this.writes.sort((a, b) => a - b);
    const out = {
      reads: reads.length,
      readP50: percentile(reads, 50),
      readP99: percentile(reads, 99),
      writes: writes.length,
      writeP50: percentile(writes, 50),
      writeP99: percentile(writes, 99),
      errors: this.minuteErrors,
    };
    this.reads = [];
    this.writes = [];
    this.minuteErrors = 0;
    return out;
  }
}

/** The server's figures from GET /metrics (prom-client's text format). */
async function scrape(): Promise<
  Omit<
    Minute,
    'minute' | 'at' | 'reads' | 'readP50' | 'readP99' | 'writes' | 'writeP50' | 'writeP99' | 'errors'
  >
> {
  const text = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then(
    (r) => r.text(),
    () => '',
  );
  const value = (series: string) => {
    const escaped = series.replace(/[{}"=]/g, (c) => `\\${c}`);
    return Number(new RegExp(`^${escaped} ([0-9.e+-]+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  };
  const caches = [
    'count',
    'count_running',
    'appointment_answers',
    'appointment_answers_building',
    'sessions',
    'session_last_seen',
    'prepared_statements',
  ];
  return {
    rssMb: value('process_resident_memory_bytes') / 2 ** 20,
    heapMb: value('nodejs_heap_size_used_bytes') / 2 ** 20,
    lagP99Ms: value('nodejs_eventloop_lag_p99_seconds') * 1000,
    lagMaxMs: value('nodejs_eventloop_lag_max_seconds') * 1000,
    fds: value('process_open_fds'),
    sockets: value('glass_realtime_sockets'),
    engine: value('glass_realtime_engine_connections'),
    rooms: value('glass_realtime_rooms'),
    poolWaiting: value('glass_db_pool_connections{state="waiting"}'),
    answersMb: value('glass_appointment_answers_chars') / 2 ** 20,
    ...Object.fromEntries(caches.map((c) => [`cache_${c}`, value(`glass_cache_entries{cache="${c}"}`)])),
  };
}

async function main() {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const stats = await benchStats(c);
  await c.end();
  // Writes over the run: 2 × 5/s; submits, fundings and messages are a tenth each and cannot repeat on a row.
  const unique = Math.ceil((minutes * 60 * WRITERS * 5) / 10 / 0.9);
  const pools = await readPools(unique);
  const visitsNeeded = Math.ceil((minutes * 60) / 10 / 2);
  console.log(
    `pools: ${pools.editable.length} editable, ${pools.submittable.length} submittable (need ≈ ${unique}), ` +
      `${pools.fundable.length} fundable, ${pools.movable.length} movable; installer visits ` +
      `${[...pools.visits.values()].map((v) => v.length).join(' and ')} (need ${visitsNeeded} each)`,
  );
  // Schedules kept apart from the writers' moves: the visits the office assigns to the installers (below).
  const reserved = pools.movable.slice(-visitsNeeded);
  const movable = pools.movable.slice(0, -visitsNeeded);
  const photo = await phonePhoto();
  fs.mkdirSync(dataDir, { recursive: true });
  const jsonl = path.join(dataDir, 'soak.jsonl');
  fs.writeFileSync(jsonl, '');

  const server = startServer(port);
  let alerts: Awaited<ReturnType<typeof alertClients>> | undefined;
  try {
    await waitUp(`${base}/api/health`);
    const { reader, writers: writerAuth, installers } = await signInLoad(base);
    const screens = officeScreens(stats);
    const readNames = screens.map((s) => s.name);
    await warmUp(base, reader, screens);
    alerts = await alertClients(base);
    const rec = new MinuteRecorder(new Set(readNames));
    const loadAtStart = loadavg();
    const started = performance.now();
    const startedAt = new Date();
    const until = started + minutes * 60_000;
    const load: WriteLoad = { base, rec, started, until, pending: [] };
    const messageSent = new Map<number, number>();
    const writers = startWriters(
      load,
      writerAuth.slice(0, WRITERS),
      {
        editable: cycle(pools.editable),
        submittable: taker('submittable', pools.submittable),
        fundable: taker('fundable', pools.fundable),
        movable: cycle(movable),
      },
      photo,
      messageSent,
    );
    // The demo installers have about 300 Scheduled visits each, fewer than two hours need: then the office
    // assigns them one more (a schedule the writers do not move, to a far-future slot), as a dispatcher would.
    const fromPool = visitsFrom(pools);
    const spare = cycle(reserved);
    const nextVisit = async (installerId: number) => {
      try {
        return await fromPool(installerId);
      } catch {
        const s = spare();
        const res = await rec.time(ASSIGN_NAME, () =>
          fetch(`${base}/api/appointmentsSchedule/save`, {
            method: 'POST',
            headers: { ...writerAuth[0], 'content-type': 'application/json' },
            body: JSON.stringify({
              scheduleInvoiceId: s.invoiceId,
              partTypeId: s.partTypeId,
              installerId,
              appointmentDateTime: nextSlot(),
              timeAllowed: s.timeAllowed,
            }),
          }),
        );
        if (!res?.ok) throw new Error(`assigning a visit to ${installerId}: ${res?.text}`);
        return { invoiceId: s.invoiceId, partTypeId: s.partTypeId };
      }
    };
    const installerLoops = startInstallers(load, installers, nextVisit, photo);
    const calls = startCalls(load);
    const imports: DmsOutcome[] = [];
    const dms = (async () => {
      for (let k = 0; ; k++) {
        const at = started + 30_000 + k * dmsEvery * 60_000;
        if (at >= until) break;
        await sleep(Math.max(0, at - performance.now()));
        imports.push(await dmsImport(base, writerAuth[0], rec, dmsRows));
      }
    })();

    // Every minute: the server's figures and the minute's latencies.
    const samples: Minute[] = [];
    const sampling = (async () => {
      for (let m = 1; m <= minutes; m++) {
        await sleep(Math.max(0, started + m * 60_000 - performance.now()));
        const row = { minute: m, at: new Date().toISOString(), ...rec.take(), ...(await scrape()) } as Minute;
        samples.push(row);
        fs.appendFileSync(jsonl, `${JSON.stringify(row)}\n`);
        if (m % 10 === 0 || dry)
          console.log(
            `minute ${m}: rss ${row.rssMb.toFixed(0)} MB, heap ${row.heapMb.toFixed(0)} MB, reads ${row.reads} p99 ${row.readP99.toFixed(0)} ms, ` +
              `writes ${row.writes} p99 ${row.writeP99.toFixed(0)} ms, errors ${row.errors}, rooms ${row.rooms}`,
          );
      }
    })();
    await Promise.all([
      ...Array.from({ length: READERS }, (_, i) => readLoop(base, reader, screens, rec, until, 300 + i)),
      ...writers,
      ...installerLoops,
      calls,
      dms,
      sampling,
    ]);
    await Promise.all(load.pending);
    const loadAtEnd = loadavg();
    const { counts, disconnects } = alerts;

    const marks =
      process.env.SOAK_MARKS && fs.existsSync(process.env.SOAK_MARKS)
        ? fs
            .readFileSync(process.env.SOAK_MARKS, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => {
              const [at, ...note] = line.split(' ');
              return {
                minute: (new Date(at).getTime() - startedAt.getTime()) / 60_000,
                note: note.join(' '),
              };
            })
            .filter((m) => m.minute >= 0 && m.minute <= minutes)
        : [];
    const svg = path.join(import.meta.dirname, 'soak.svg');
    if (!dry) fs.writeFileSync(svg, soakSvg(samples, marks));

    const out = report(samples, rec, readNames, imports, {
      counts,
      disconnects,
      marks,
      loadAtStart,
      loadAtEnd,
      stats,
    });
    for (const [name, s] of rec.samples) for (const e of s) console.log(`error ${name}: ${e}`);
    console.log(out.join('\n'));
    if (!dry) fs.appendFileSync(resultsFile, `${out.join('\n')}\n`);
  } finally {
    for (const s of alerts?.sockets ?? []) s.close();
    server.kill('SIGTERM');
  }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The RESULTS.md section: per class over the run, ten-minute windows, and the budget. */
function report(
  samples: Minute[],
  rec: Recorder,
  readNames: string[],
  imports: DmsOutcome[],
  ctx: {
    counts: Map<string, number>;
    disconnects: number;
    marks: { minute: number; note: string }[];
    loadAtStart: string;
    loadAtEnd: string;
    stats: { invoices: number };
  },
): string[] {
  const fmt = (v: number, d = 0) => (Number.isFinite(v) ? v.toFixed(d) : '–');
  const early = samples.filter((s) => s.minute >= 10 && s.minute < 20);
  const late = samples.slice(-10);
  const growth = (key: 'rssMb' | 'readP99' | 'writeP99' | 'heapMb') =>
    mean(late.map((s) => s[key])) / mean(early.map((s) => s[key])) - 1;
  const maxOf = (key: string) => Math.max(...samples.map((s) => Number(s[key as keyof Minute]) || 0));
  const errors = samples.reduce((a, s) => a + s.errors, 0);
  const checks = [
    { what: 'resident memory', g: growth('rssMb') },
    { what: 'read p99', g: growth('readP99') },
    { what: 'write p99', g: growth('writeP99') },
  ];
  const flat = checks.every((x) => x.g < 0.1);
  const pass = flat && errors === 0 && ctx.disconnects === 0;
  const out: string[] = [
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: Soak, ${minutes} minutes of the mixed load against one process (issue #36, \`npm run soak -w bench\`)`,
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}; ` +
      `the server, PostgreSQL and the load on the same machine. Data: ${ctx.stats.invoices.toLocaleString('en-US')} invoices at the start. ` +
      `Load average (1, 5, 15 min) ${ctx.loadAtStart} at the start, ${ctx.loadAtEnd} at the end. ` +
      `The load of \`bench:day\`, with a ${dmsRows.toLocaleString('en-US')}-row DMS import every ${dmsEvery} minutes. ` +
      (ctx.marks.length
        ? `Other work on the machine during the run (marked on the plot): ${ctx.marks.map((m) => `minute ${m.minute.toFixed(0)} ${m.note}`).join('; ')}.`
        : 'Nothing else ran on the machine.'),
    '',
    '![soak](soak.svg)',
    '',
    '| minutes | reads/min | read p50 | read p99 | writes/min | write p99 | errors | RSS MB | heap MB | loop delay p99 / max ms | fds | rooms | count cache | appt answers (MB) | sessions |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---|---:|',
  ];
  for (let from = 0; from < samples.length; from += 10) {
    const w = samples.slice(from, from + 10);
    const last = w.at(-1)!;
    out.push(
      `| ${w[0].minute}–${last.minute} | ${fmt(mean(w.map((s) => s.reads)))} | ${fmt(mean(w.map((s) => s.readP50)))} | ${fmt(mean(w.map((s) => s.readP99)))} | ` +
        `${fmt(mean(w.map((s) => s.writes)))} | ${fmt(mean(w.map((s) => s.writeP99)))} | ${w.reduce((a, s) => a + s.errors, 0)} | ` +
        `${fmt(last.rssMb)} | ${fmt(last.heapMb)} | ${fmt(mean(w.map((s) => s.lagP99Ms)))} / ${fmt(Math.max(...w.map((s) => s.lagMaxMs)))} | ` +
        `${fmt(last.fds)} | ${fmt(last.rooms)} | ${fmt(last.cache_count)} | ${fmt(last.cache_appointment_answers)} (${fmt(last.answersMb, 1)}) | ${fmt(last.cache_sessions)} |`,
    );
  }
  out.push('', '| request class | n | p50 | p99 | max | errors |', '|---|---:|---:|---:|---:|---:|');
  for (const name of [...readNames, ...Object.keys(WRITES), STATUS_NAME, ASSIGN_NAME, CALL_NAME]) {
    const s = rec.stats(name);
    out.push(`| ${name} | ${s.n} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${fmt(s.max)} | ${s.errors} |`);
  }
  out.push(
    '',
    `DMS imports: ${imports.map((i) => `${i.status} ${i.created} created in ${fmt(i.seconds)} s`).join('; ')}. ` +
      `Socket.io: ${[...ctx.counts].map(([e, n]) => `${n} ${e}`).join(', ') || 'no events'}; ${ctx.disconnects} disconnects. ` +
      `Largest sizes over the run: rooms ${maxOf('rooms')}, open file descriptors ${maxOf('fds')}, count cache ${maxOf('cache_count')} ` +
      `(bound 500), appointment answers ${maxOf('cache_appointment_answers')} (bound 200), sessions ${maxOf('cache_sessions')}, ` +
      `last-seen stamps ${maxOf('cache_session_last_seen')}, prepared statements ${maxOf('cache_prepared_statements')} (bound 200), ` +
      `pool waiting ${maxOf('poolWaiting')}.`,
    '',
    `Growth from minutes 10–19 to the last ten minutes (mean of each window): ${checks.map((x) => `${x.what} ${(x.g * 100).toFixed(1)}%`).join(', ')}; ` +
      `heap ${(growth('heapMb') * 100).toFixed(1)}%. Errors: ${errors}. Budget (growth under 10%, no errors, no disconnects): **${pass ? 'pass' : 'fail'}**.`,
    '',
  );
  return out;
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
