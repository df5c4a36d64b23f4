/**
 * The mixed load of a shop's day (issue #36), shared by `bench:day` (bench/day.ts: minutes, then a report) and
 * `soak` (bench/soak.ts: two hours, sampled every minute): the office readers' screens, the writers, the
 * installers' statuses, the calls, a DMS import and the alert clients. Each part runs until `until`
 * (performance.now() time) and records into the Recorder it is given.
 */
import { defaultReportRange } from '@glass/domain';
import { invoiceListSelect } from '@glass/domain/invoice-list';
import { io, type Socket } from 'socket.io-client';
import {
  DEMO,
  logCall,
  type Pools,
  photoName,
  postStatus,
  type Recorder,
  signIn,
  WRITES,
  type WriteContext,
} from './shared.js';

export const READERS = 8;
export const WRITERS = 2;
export const WRITES_PER_SECOND = 5;
/** Writes in the ratio of a shop's office: the weights of WRITES' entries, in order. */
export const WRITE_MIX = [4, 2, 1, 1, 1, 1];
export const STATUS_NAME = `installer status with a ${photoName()} (POST /api/appointments/status)`;
export const CALL_NAME = 'log a call (POST /api/callLog/ingest)';
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A small deterministic generator (xorshift), so that every run sends the same sequence. */
export function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

export function weighted<T>(items: T[], weights: number[], r: number): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let at = r * total;
  for (let i = 0; i < items.length; i++) {
    at -= weights[i];
    if (at < 0) return items[i];
  }
  return items[items.length - 1];
}

/** A VIN whose position 9 is its check digit (49 CFR 565); the DMS import benches' rows. */
export function vin(n: number): string {
  const body = `1HGCM8260 3A${String(n % 1_000_000).padStart(6, '0')}`.replace(' ', '');
  const values: Record<string, number> = { H: 8, G: 7, C: 3, M: 4, A: 1 };
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (/\d/.test(body[i]) ? Number(body[i]) : values[body[i]]) * weights[i];
  const check = sum % 11 === 10 ? 'X' : String(sum % 11);
  return body.slice(0, 8) + check + body.slice(9);
}

/** The load's users signed in: the office reader, the two writers (admin, assistant) and the two installers. */
export async function signInLoad(base: string) {
  return {
    reader: await signIn(base, DEMO.admin),
    writers: [await signIn(base, DEMO.admin), await signIn(base, DEMO.assistant)],
    installers: [
      { id: DEMO.leadTech.id, auth: await signIn(base, DEMO.leadTech) },
      { id: DEMO.installer.id, auth: await signIn(base, DEMO.installer) },
    ],
  };
}

export interface Screen {
  name: string;
  weight: number;
  path: (r: () => number) => string;
}

/** The office screens (the requests bench/run.ts measures), with their weights. */
export function officeScreens(stats: { maxId: number; latest: string | Date; apptDay: string }): Screen[] {
  const to = new Date(stats.latest);
  const from = new Date(to.getTime() - 30 * 86400_000);
  const listFilter = encodeURIComponent(
    `OpenDateTime ge ${from.toISOString()} and OpenDateTime lt ${to.toISOString()}`,
  );
  const range = defaultReportRange(new Date().toISOString().slice(0, 10));
  return [
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
}

/** Each screen once (the first request of a process plans and caches); throws if one fails. */
export async function warmUp(base: string, auth: { authorization: string }, screens: Screen[]) {
  for (const s of screens) {
    const res = await fetch(`${base}${s.path(rng(1))}`, { headers: auth });
    if (!res.ok) throw new Error(`${s.name}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
}

/** One office reader in a closed loop (no think time) until `until`. */
export async function readLoop(
  base: string,
  auth: { authorization: string },
  screens: Screen[],
  rec: Recorder,
  until: number,
  seed: number,
) {
  const r = rng(seed);
  const weights = screens.map((x) => x.weight);
  while (performance.now() < until) {
    const s = weighted(screens, weights, r());
    await rec.time(s.name, () => fetch(`${base}${s.path(r)}`, { headers: auth }));
  }
}

/** The alert clients (users 101–104), connected for the whole run; 101's also watches facility 1's Control Room. */
export async function alertClients(base: string) {
  const counts = new Map<string, number>();
  /** When each client received NewAlert, per conversation id. */
  const alertAt = new Map<number, number[]>();
  const sockets: Socket[] = [];
  const state = { counts, alertAt, sockets, disconnects: 0 };
  for (const u of [DEMO.admin, DEMO.manager, DEMO.leadTech, DEMO.assistant]) {
    const token = (await signIn(base, u)).authorization.slice('Bearer '.length);
    const s = io(base, { path: '/socket.io', auth: { token }, reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    s.on('disconnect', () => state.disconnects++);
    s.onAny((event: string, payload: any) => {
      counts.set(event, (counts.get(event) ?? 0) + 1);
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
  return state;
}

export interface WriteLoad {
  base: string;
  rec: Recorder;
  started: number;
  until: number;
  /** Requests sent on schedule and not awaited by the loops: await them after `until`. */
  pending: Promise<unknown>[];
}

/**
 * The writers at WRITES_PER_SECOND each (open loop: sent on schedule whatever the answers), staggered so that
 * their ticks interleave. Answers when `messageSent` has each sent message's id and when its POST left.
 */
export function startWriters(
  load: WriteLoad,
  auths: { authorization: string }[],
  pools: WriteContext['pools'],
  photo: Buffer,
  messageSent: Map<number, number>,
) {
  const writeNames = Object.keys(WRITES);
  let writeNo = 0;
  return auths.map(async (auth, k) => {
    const r = rng(7 + k);
    const w: WriteContext = { base: load.base, auth, pools, photo };
    for (let tick = 0; ; tick++) {
      const at =
        load.started + (k * 1000) / (auths.length * WRITES_PER_SECOND) + (tick * 1000) / WRITES_PER_SECOND;
      if (at >= load.until) break;
      await sleep(Math.max(0, at - performance.now()));
      const name = weighted(writeNames, WRITE_MIX, r());
      const n = writeNo++;
      const sent = performance.now();
      load.pending.push(
        load.rec
          .time(name, () => WRITES[name](w, n))
          .then((res) => {
            // A message's alerts are timed from the moment its POST was sent.
            if (res?.ok && name.startsWith('send a message')) messageSent.set(JSON.parse(res.text).id, sent);
          }),
      );
    }
  });
}

/**
 * Installers: a status every 10 s each (Arrived, then Completed, then the next visit), 5 s apart. `nextVisit`
 * gives an installer's next Scheduled visit (throws when there is none).
 */
export function startInstallers(
  load: WriteLoad,
  installers: { id: number; auth: { authorization: string } }[],
  nextVisit: (installerId: number) => Promise<{ invoiceId: number; partTypeId: number }>,
  photo: Buffer,
) {
  return installers.map(async (inst, k) => {
    let visit: { invoiceId: number; partTypeId: number } | undefined;
    for (let tick = 0; ; tick++) {
      const at = load.started + k * 5000 + tick * 10_000;
      if (at >= load.until) break;
      await sleep(Math.max(0, at - performance.now()));
      const arriving = !visit;
      const current = visit ?? (await nextVisit(inst.id));
      load.pending.push(
        load.rec.time(STATUS_NAME, () =>
          postStatus(
            load.base,
            inst.auth,
            current,
            arriving ? 2 : 3,
            photo,
            `day-${Date.now()}-${inst.id}-${tick}`,
          ),
        ),
      );
      visit = arriving ? current : undefined;
    }
  });
}

/** Installers' visits from the pools read before the load, in order; throws when an installer's run out. */
export function visitsFrom(pools: Pools) {
  const at = new Map<number, number>();
  return async (installerId: number) => {
    const list = pools.visits.get(installerId) ?? [];
    const i = at.get(installerId) ?? 0;
    if (i >= list.length) throw new Error(`installer ${installerId} ran out of scheduled visits`);
    at.set(installerId, i + 1);
    return list[i];
  };
}

/** Calls: one a second, as the PBX posts them. */
export async function startCalls(load: WriteLoad, firstNo = 0) {
  for (let tick = 0; ; tick++) {
    const at = load.started + 500 + tick * 1000;
    if (at >= load.until) break;
    await sleep(Math.max(0, at - performance.now()));
    load.pending.push(load.rec.time(CALL_NAME, () => logCall(load.base, firstNo + tick)));
  }
}

export interface DmsOutcome {
  status: string;
  created: number;
  updated: number;
  failed: number;
  seconds: number;
  /** performance.now() of its upload and of the first poll that found it finished (absent when it did not finish). */
  startedAt?: number;
  endedAt?: number;
}

/** A DMS import of `rows` new ROs: upload, preview, start, then wait for it (as bench/dms-import.ts). */
export async function dmsImport(
  base: string,
  auth: { authorization: string },
  rec: Recorder,
  rows: number,
): Promise<DmsOutcome> {
  if (!rows) return { status: 'skipped', created: 0, updated: 0, failed: 0, seconds: 0 };
  try {
    const prefix = `D${Date.now().toString(36).toUpperCase()}-`;
    const lines = ['RO Number,RO Status,Open Date,VIN,Year,Make,Model,Customer Name,Cell Phone'];
    for (let i = 1; i <= rows; i++)
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
      rec,
      'DMS import: upload (POST /api/DmsImports)',
      '/api/DmsImports',
      form,
    );
    await dmsStep(base, auth, rec, 'DMS import: preview', `/api/DmsImports/${up.import.id}/preview`, {
      mapping: up.suggestedMapping,
    });
    await dmsStep(base, auth, rec, 'DMS import: start', `/api/DmsImports/${up.import.id}/start`, {
      mapping: up.suggestedMapping,
      defaultRepairCount: 1,
    });
    for (;;) {
      const res = await fetch(`${base}/api/DmsImports/${up.import.id}`, { headers: auth });
      const done = (await res.json()) as any;
      if (done.status !== 'queued' && done.status !== 'running')
        return { ...done, seconds: (performance.now() - t) / 1000, startedAt: t, endedAt: performance.now() };
      await sleep(500);
    }
  } catch (e) {
    rec.record('DMS import: failed', 0, String((e as Error)?.message ?? e));
    return { status: 'failed', created: 0, updated: 0, failed: 0, seconds: Number.NaN };
  }
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

/** What the load is sized by: the invoices (for random details), the newest invoice, facility 1's first visit day. */
export async function benchStats(client: { query: (q: string) => Promise<{ rows: any[] }> }) {
  return (
    await client.query(`select (select count(*) from invoices)::int as invoices, (select max(id) from invoices)::int as "maxId",
      (select count(*) from service_vehicles)::int as sv, (select max(open_date_time) from invoices) as latest,
      (select to_char(min(appointment_date_time) at time zone 'UTC', 'YYYY-MM-DD') from appointments
        where facility_id = 1 and status_id = 1) as "apptDay"`)
  ).rows[0] as { invoices: number; maxId: number; sv: number; latest: Date; apptDay: string };
}
