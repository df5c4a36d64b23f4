/**
 * What `npm run bench:day` (bench/day.ts) and `npm run bench:writes` (bench/writes.ts) share (issue #36): starting
 * the app, signing in as the demo users, a latency recorder per request class, the pools of rows each common
 * write can act on without a 409 (taken from the database before the load), the writes themselves as the web app
 * and the installer's phone send them, and a phone photo.
 */
import { PHOTO_MAX_EDGE, PHOTO_QUALITY } from '@glass/domain/rules/image-upload';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';

export const root = path.resolve(import.meta.dirname, '../..');
export const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/glass_bench';
export const tsx = path.join(root, 'node_modules/.bin/tsx');
/** The phone system's bearer secret for the call ingest route (24+ characters). */
export const PBX_TOKEN = 'bench-pbx-token-0123456789abcdef';
/** The metrics scraper's bearer secret (GET /metrics). */
export const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';

export const DEMO = {
  admin: { userName: '101', password: '258036' },
  manager: { userName: '102', password: '369147' },
  leadTech: { userName: '103', password: '471582', id: 103 },
  assistant: { userName: '104', password: '582693' },
  installer: { userName: '105', password: '693704', id: 105 },
} as const;

export const loadavg = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(', ');

export function startServer(port: number, env: Record<string, string> = {}): ChildProcess {
  // BENCH_SERVER_NODE_ARGS: Node flags for the server alone (`--cpu-prof --cpu-prof-dir=/tmp/prof`: a CPU profile
  // of the day, written when the bench stops the server).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return spawn(tsx, [...nodeArgs, 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SCRYPT_COST: '16384',
      PBX_TOKEN,
      METRICS_TOKEN,
      ...env,
    },
    // BENCH_SERVER_LOG=<file>: the server's log (warnings and errors) goes there instead of nowhere.
    stdio: [
      'ignore',
      process.env.BENCH_SERVER_LOG ? fs.openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore',
      'inherit',
    ],
  });
}

export async function waitUp(u: string, tries = 600): Promise<void> {
  for (let i = 0; i < tries; i++) {
    const ok = await fetch(u).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${u} did not come up`);
}

export async function signIn(
  base: string,
  who: { userName: string; password: string },
): Promise<{ authorization: string }> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: who.userName, password: who.password, tzo: 300 }),
  });
  if (!res.ok) throw new Error(`login ${who.userName}: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

/** Latencies and failures per request class; the first failures of each class are kept to be printed. */
export class Recorder {
  readonly times = new Map<string, number[]>();
  /** When each request of `times` ended (performance.now()), in the same order. */
  readonly ends = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  readonly samples = new Map<string, string[]>();
  record(name: string, ms: number, error?: string) {
    if (!this.times.has(name)) this.times.set(name, []);
    this.times.get(name)!.push(ms);
    if (!this.ends.has(name)) this.ends.set(name, []);
    this.ends.get(name)!.push(performance.now());
    if (error) {
      this.errors.set(name, (this.errors.get(name) ?? 0) + 1);
      const s = this.samples.get(name) ?? [];
      if (s.length < 3) s.push(error);
      this.samples.set(name, s);
    }
  }
  /** The latencies of the requests of these classes that were under way at some time in [from, to] (or not). */
  within(names: string[], from: number, to: number, inside = true): number[] {
    const out: number[] = [];
    for (const name of names) {
      const times = this.times.get(name) ?? [];
      const ends = this.ends.get(name) ?? [];
      times.forEach((ms, i) => {
        const overlaps = ends[i] >= from && ends[i] - ms <= to;
        if (overlaps === inside) out.push(ms);
      });
    }
    return out.sort((a, b) => a - b);
  }
  stats(name: string) {
    const s = [...(this.times.get(name) ?? [])].sort((a, b) => a - b);
    return {
      n: s.length,
      p50: percentile(s, 50),
      p99: percentile(s, 99),
      max: s.at(-1) ?? Number.NaN,
      errors: this.errors.get(name) ?? 0,
    };
  }
  /** Sends one request, times it to the end of its body, records a non-2xx answer or a network error. */
  async time(
    name: string,
    send: () => Promise<Response>,
  ): Promise<{ ok: boolean; text: string } | undefined> {
    const t = performance.now();
    try {
      const res = await send();
      const text = await res.text();
      this.record(name, performance.now() - t, res.ok ? undefined : `${res.status} ${text.slice(0, 300)}`);
      return { ok: res.ok, text };
    } catch (e) {
      this.record(name, performance.now() - t, String((e as Error)?.message ?? e));
      return undefined;
    }
  }
}

/**
 * Samples the server's event-loop delay every `everyMs`: the largest delay prom-client's monitor saw since the
 * previous scrape (it resets at each), and the resident memory. `stop()` answers the samples.
 */
export function sampleServer(base: string, everyMs = 2000) {
  const samples: { at: number; lagMaxMs: number; rssMb: number; poolWaiting: number; readWaiting: number }[] =
    [];
  const read = async () => {
    const text = await fetch(`${base}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    }).then(
      (r) => r.text(),
      () => '',
    );
    const value = (series: string) => {
      const escaped = series.replace(/[{}"=]/g, (c) => `\\${c}`);
      return Number(new RegExp(`^${escaped} ([0-9.e+-]+)`, 'm').exec(text)?.[1] ?? Number.NaN);
    };
    samples.push({
      at: performance.now(),
      lagMaxMs: value('nodejs_eventloop_lag_max_seconds') * 1000,
      rssMb: value('process_resident_memory_bytes') / 2 ** 20,
      poolWaiting: value('glass_db_pool_connections{state="waiting"}'),
      readWaiting: value('glass_db_read_pool_connections{state="waiting"}'),
    });
  };
  const timer = setInterval(() => void read(), everyMs);
  void read();
  return {
    stop: async () => {
      clearInterval(timer);
      await read();
      return samples;
    },
  };
}

/**
 * The installer's photo as the app sends it: a camera's 4032 × 3024 picture shrunk on the phone to PHOTO_MAX_EDGE
 * (2048 × 1536, decision 0037), a JPEG of a smooth scene with grain. BENCH_PHOTO_WIDTH sets another width (× ¾):
 * 4032 is the camera's 12 MP photo as a client that does not shrink it would send it.
 */
export async function phonePhoto(): Promise<Buffer> {
  const width = photoWidth();
  const height = Math.round((width * 3) / 4);
  const small = 96;
  const raw = Buffer.alloc(small * (small * 0.75) * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 37 + ((i / 3) | 0) * 11) % 256;
  return sharp(raw, { raw: { width: small, height: small * 0.75, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .blur(3)
    .jpeg({ quality: width === PHOTO_MAX_EDGE ? PHOTO_QUALITY * 100 : 88 })
    .toBuffer();
}

const photoWidth = () => Number(process.env.BENCH_PHOTO_WIDTH ?? PHOTO_MAX_EDGE);

/** The photo in words, for the request class's name: '3 MP photo (2048 × 1536, as the app sends it)'. */
export function photoName(): string {
  const width = photoWidth();
  const height = Math.round((width * 3) / 4);
  const mp = Math.round((width * height) / 1e6);
  return `${mp} MP photo (${width} × ${height}${width === PHOTO_MAX_EDGE ? ', as the app sends it' : ''})`;
}

/** Rows each write can act on, taken once before the load so that every write changes something and none is refused. */
export interface Pools {
  /** Open invoices of facility 1 (not finalized, void or lost, nobody's lock): field saves and repairs. */
  editable: number[];
  /** Not submitted yet, and submittable (a reference where the payment type needs one). */
  submittable: number[];
  /** Not funded, something to fund, a payer. */
  fundable: { id: number; amount: number }[];
  /** Schedules whose current visit is still Scheduled, with what the save form sends back. */
  movable: {
    invoiceId: number;
    partTypeId: number;
    installerId: number;
    timeAllowed: number;
  }[];
  /** Per installer: their visits still Scheduled (to report Arrived, then Completed). */
  visits: Map<number, { invoiceId: number; partTypeId: number }[]>;
}

/**
 * Reads the pools from the database: up to `n` rows each, facility 1 (every demo user works there), spread
 * over the whole table (a random sample, so that neither the newest nor the oldest rows are favoured).
 */
export async function readPools(n: number, exclude: Set<number> = new Set()): Promise<Pools> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const open = `facility_id = 1 and not finalized and not void and not lost
      and not exists (select 1 from invoice_locks l where l.invoice_id = invoices.id)`;
    const ids = async (q: string) =>
      (await c.query(q)).rows.map((r) => r.id as number).filter((id) => !exclude.has(id));
    const editable = await ids(`select id from invoices where ${open} order by random() limit ${n}`);
    const submittable = await ids(
      `select id from invoices where ${open} and not submitted
         and (payment_type_id <> 5 or coalesce(trim(reference_number), '') <> '') order by random() limit ${n}`,
    );
    const fundable = (
      await c.query(
        `select id, total_cost::float8 as amount from invoices
          where facility_id = 1 and not funded and not void and not lost and total_cost > 0 and payment_type_id <> 7
            and not exists (select 1 from invoice_locks l where l.invoice_id = invoices.id)
            and not exists (select 1 from deposit_invoice_items d where d.invoice_id = invoices.id)
          order by random() limit ${n}`,
      )
    ).rows.filter((r) => !exclude.has(r.id)) as { id: number; amount: number }[];
    const movable = (
      await c.query(
        `select s.invoice_id as "invoiceId", s.part_type_id as "partTypeId", s.installer_id as "installerId",
                s.time_allowed as "timeAllowed"
           from appointment_schedules s
           join invoices i on i.id = s.invoice_id and i.facility_id = 1 and not i.void and not i.lost
           join users u on u.id = s.installer_id and u.is_installer and u.is_active
           join lateral (select a.status_id from appointments a where a.schedule_id = s.id order by a.id desc limit 1) v
             on v.status_id = 1
           join part_types p on p.id = s.part_type_id and p.is_active
          where s.loaner_car_id is null and s.installer_id not in (103, 105)
            and not exists (select 1 from invoice_locks l where l.invoice_id = s.invoice_id)
          order by random() limit ${n}`,
      )
    ).rows.filter((r) => !exclude.has(r.invoiceId));
    const [last] = (
      await c.query(
        `select date_trunc('day', max(appointment_date_time)) + interval '2 days 15 hours' as at from appointments`,
      )
    ).rows;
    firstSlot = Math.max(firstSlot, new Date(last.at).getTime());
    const visits = new Map<number, { invoiceId: number; partTypeId: number }[]>();
    for (const installer of [DEMO.leadTech.id, DEMO.installer.id]) {
      const rows = (
        await c.query(
          `select s.invoice_id as "invoiceId", s.part_type_id as "partTypeId"
             from appointment_schedules s
             join lateral (select a.status_id, a.installer_id from appointments a
                            where a.invoice_id = s.invoice_id and a.part_type_id = s.part_type_id
                            order by a.appointment_date_time desc, a.id desc limit 1) v
               on v.status_id = 1 and v.installer_id = $1
            order by random() limit ${n}`,
          [installer],
        )
      ).rows;
      visits.set(installer, rows);
    }
    return { editable, submittable, fundable, movable, visits };
  } finally {
    await c.end();
  }
}

/** A pool ran out of rows: a longer run needs a larger pool. */
export class PoolDry extends Error {}

/** Takes the next item of a pool; throws PoolDry when it runs dry. */
export function taker<T>(name: string, list: T[]): () => T {
  let i = 0;
  return () => {
    if (i >= list.length) throw new PoolDry(`pool ${name} ran dry after ${list.length} writes`);
    return list[i++];
  };
}

/** Scheduled visits of any facility and installer (the office reports on anyone's), for the status bench. */
export async function reportableVisits(n: number): Promise<{ invoiceId: number; partTypeId: number }[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (
      await c.query(
        `select a.invoice_id as "invoiceId", a.part_type_id as "partTypeId"
           from appointments a
          where a.status_id = 1 and a.installer_id not in (103, 105)
            and a.id = (select b.id from appointments b where b.invoice_id = a.invoice_id and b.part_type_id = a.part_type_id
                         order by b.appointment_date_time desc, b.id desc limit 1)
          order by random() limit ${n}`,
      )
    ).rows;
  } finally {
    await c.end();
  }
}

let uniq = 0;
let firstSlot = Date.UTC(2031, 0, 1, 15, 0);
/**
 * A far-future slot per move, a day apart and after every visit in the database (readPools sets the start), so
 * that no two moved visits of one installer overlap, in this run or after an earlier one.
 */
export function nextSlot(): string {
  uniq++;
  return new Date(firstSlot + uniq * 86_400_000).toISOString().slice(0, 16);
}

export interface WriteContext {
  base: string;
  auth: { authorization: string };
  pools: {
    editable: () => number;
    submittable: () => number;
    fundable: () => { id: number; amount: number };
    movable: () => Pools['movable'][number];
  };
  photo: Buffer;
}

/** The common writes, as the web app sends them (apps/web/src/features/…-api.ts), each one request. */
export const WRITES: Record<string, (w: WriteContext, n: number) => Promise<Response>> = {
  // The invoice detail's field save: PATCH only the changed field (a claim number; a follow-up date every other time,
  // a column the search copy holds).
  'invoice field save (PATCH /api/Invoices/{id})': (w, n) =>
    fetch(`${w.base}/api/Invoices/${w.pools.editable()}`, {
      method: 'PATCH',
      headers: { ...w.auth, 'content-type': 'application/json' },
      body: JSON.stringify(
        n % 2
          ? { claimNumber: `CLM-${process.pid}-${n}` }
          : { followUpAt: new Date(Date.now() + (n % 500) * 3_600_000).toISOString() },
      ),
    }),
  'add a repair (POST /api/InvoiceRepairs)': (w, n) =>
    fetch(`${w.base}/api/InvoiceRepairs`, {
      method: 'POST',
      headers: { ...w.auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        invoiceId: w.pools.editable(),
        description: `Chip repair ${n}`,
        location: 'Driver side',
        amount: 49.95,
      }),
    }),
  'submit (POST /api/Invoices/{id}/submit)': (w) =>
    fetch(`${w.base}/api/Invoices/${w.pools.submittable()}/submit`, { method: 'POST', headers: w.auth }),
  'fund (POST /api/ReconcileInvoices/{id}/fund)': (w, n) => {
    const f = w.pools.fundable();
    return fetch(`${w.base}/api/ReconcileInvoices/${f.id}/fund`, {
      method: 'POST',
      headers: { ...w.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ transactionTypeId: 1, amount: f.amount, reference: `CHK-${n}` }),
    });
  },
  'move an appointment (POST /api/appointmentsSchedule/save)': (w) => {
    const s = w.pools.movable();
    return fetch(`${w.base}/api/appointmentsSchedule/save`, {
      method: 'POST',
      headers: { ...w.auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        scheduleInvoiceId: s.invoiceId,
        partTypeId: s.partTypeId,
        installerId: s.installerId,
        appointmentDateTime: nextSlot(),
        timeAllowed: s.timeAllowed,
      }),
    });
  },
  // A conversation to four demo users (their socket clients receive the NewMessage alert).
  'send a message (POST /api/Conversations/Start)': (w, n) => {
    const fd = new FormData();
    fd.append('Subject', `Day bench ${n}`);
    fd.append('Message', 'Customer called about the windshield; please call back.');
    for (const id of [101, 103, 104, 105]) fd.append('RecipientUserIds[]', String(id));
    return fetch(`${w.base}/api/Conversations/Start`, { method: 'POST', headers: w.auth, body: fd });
  },
};

/** One call detail record as the PBX posts it (call-center README), a new call id each time. */
export function callRecord(n: number) {
  const started = new Date(Date.now() - 120_000);
  return {
    callId: `bench-${Date.now().toString(36)}-${process.pid}-${n}`,
    direction: n % 3 ? 'inbound' : 'outbound',
    from: `(281) 894-${String(n % 10_000).padStart(4, '0')}`,
    to: '(832) 555-0101',
    extension: '101',
    startedAt: started.toISOString(),
    answeredAt: new Date(started.getTime() + 8_000).toISOString(),
    endedAt: new Date(started.getTime() + 95_000).toISOString(),
    result: 'answered',
  };
}

export const logCall = (base: string, n: number) =>
  fetch(`${base}/api/callLog/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PBX_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(callRecord(n)),
  });

/** The installer's status call from the phone: multipart, the visit, a status, a position and one photo. */
export function postStatus(
  base: string,
  auth: { authorization: string },
  visit: { invoiceId: number; partTypeId: number },
  statusId: number,
  photo: Buffer,
  key: string,
) {
  const fd = new FormData();
  fd.append('InvoiceId', String(visit.invoiceId));
  fd.append('PartTypeId', String(visit.partTypeId));
  fd.append('StatusId', String(statusId));
  fd.append('Latitude', '29.7604');
  fd.append('Longitude', '-95.3698');
  fd.append('ClientKey', key);
  fd.append('Files', new Blob([photo], { type: 'image/jpeg' }), 'IMG_0001.jpg');
  return fetch(`${base}/api/appointments/status`, { method: 'POST', headers: auth, body: fd });
}
