/**
 * The scale-out topology on real parts (issue #16): two production server processes on one PostgreSQL
 * behind Debian's HAProxy with deploy/haproxy.cfg (the file compose.yaml mounts). Run with
 * `npm run topology -w deploy` (builds the server bundle first); CI runs it (.ci/run).
 * Clients reach the servers through the balancer; a request is sent to one given server with the
 * balancer's own sticky cookie (`GLASS_LB=app1`), exactly as a browser that was pinned there would.
 * Alert delivery with 500 connected clients is printed, and appended to BENCH_RESULTS when that is set.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  Cluster,
  direct,
  gauge,
  LB,
  LB_COOKIE,
  METRICS_TOKEN,
  PORTS,
  percentile,
  pinTo,
  root,
  type ServerName,
  waitUntil,
} from './cluster.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const DEMO = {
  admin: { userName: '101', password: '258036', id: 101 },
  manager: { userName: '102', password: '369147', id: 102 },
  leadTech: { userName: '103', password: '471582', id: 103 },
  adminAssistant: { userName: '104', password: '582693', id: 104 },
  repairTech: { userName: '105', password: '693704', id: 105 },
};
const CLIENTS = Number(process.env.TOPOLOGY_CLIENTS ?? 500);
const OUTBOX_TEXTS = 40;

const cluster = new Cluster();
const sockets: Socket[] = [];
let followUpInvoices: number[] = [];
let outboxIds: number[] = [];
/** The picture the file test uploaded through app1 (GET path). */
let uploadedUrl: string | undefined;

/** Runs one of deploy/'s scripts; throws with its output when it fails. */
function sh(script: string, args: string[], env: Record<string, string>): string {
  const r = spawnSync('bash', [path.join(root, script), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`${script} failed (${r.status}): ${r.stdout}${r.stderr}`);
  return r.stdout;
}

async function loginAt(base: string, who: { userName: string; password: string }) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: who.userName, password: who.password, tzo: 300 }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function login(who: { userName: string; password: string }, server?: ServerName): Promise<string> {
  const res = await fetch(`${LB}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(server ? pinTo(server) : {}) },
    body: JSON.stringify({ userName: who.userName, password: who.password, tzo: 300 }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** POST Conversations/Start (multipart, as the web app sends it) through the balancer. */
function startConversation(
  token: string,
  recipients: number[],
  opts: { server?: ServerName; image?: Buffer; subject?: string; signal?: AbortSignal } = {},
) {
  const fd = new FormData();
  fd.append('Subject', opts.subject ?? 'Topology');
  fd.append('Message', 'Across the balancer');
  for (const id of recipients) fd.append('RecipientUserIds[]', String(id));
  if (opts.image)
    fd.append('AttachedImage', new Blob([new Uint8Array(opts.image)], { type: 'image/png' }), 'p.png');
  return fetch(`${LB}/api/Conversations/Start`, {
    method: 'POST',
    body: fd,
    headers: { authorization: `Bearer ${token}`, ...(opts.server ? pinTo(opts.server) : {}) },
    signal: opts.signal,
  });
}

/** A socket.io client through the balancer: pinned to a server by cookie, or keeping the balancer's cookie like a browser. */
function openSocket(
  token: string,
  opts: { pin?: ServerName; transports?: string[]; reconnection?: boolean } = {},
) {
  const socket = connect(LB, {
    path: '/socket.io',
    transports: opts.transports ?? ['polling', 'websocket'],
    auth: { token },
    reconnection: opts.reconnection ?? false,
    forceNew: true,
    ...(opts.pin ? { extraHeaders: pinTo(opts.pin) } : { withCredentials: true }),
  });
  sockets.push(socket);
  return socket;
}

const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    if (s.connected) return resolve();
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
const upgraded = (s: Socket) =>
  new Promise<void>((resolve) => {
    if (s.io.engine.transport.name === 'websocket') return resolve();
    s.io.engine.once('upgrade', () => resolve());
  });
/**
 * The next NewAlert that `match` accepts. Other alerts may arrive meanwhile (the follow-up sweep runs
 * whenever its period comes, later under load), so a test waits for its own.
 */
const nextAlert = (s: Socket, match: (alert: any) => boolean = isMessage, timeoutMs = 15_000) =>
  new Promise<any>((resolve, reject) => {
    const timer = setTimeout(() => {
      s.off('NewAlert', on);
      reject(new Error(`no matching NewAlert within ${timeoutMs} ms`));
    }, timeoutMs);
    const on = (alert: any) => {
      if (!match(alert)) return;
      clearTimeout(timer);
      s.off('NewAlert', on);
      resolve(alert);
    };
    s.on('NewAlert', on);
  });
const isMessage = (alert: any) => alert?.type === 'NewMessage';
/** The server a browser-like socket was pinned to by the balancer (its cookie jar). */
const serverOf = (s: Socket): string | undefined =>
  (s.io.engine as any)._cookieJar?._cookies?.get(LB_COOKIE)?.value;

async function metrics(server: ServerName) {
  const res = await fetch(`${direct(server)}/api/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.status).toBe(200);
  return res.text();
}

beforeAll(async () => {
  await cluster.createDatabase();
  const { pool } = cluster;
  // Follow-ups that came due a minute ago: the sweep that runs when the servers start alerts them.
  followUpInvoices = (
    await pool.query<{ id: number }>(
      `update invoices set follow_up_at = now() - interval '1 minute', follow_up_for_id = 106,
              followed_up = false, void = false
       where id in (select id from invoices order by id limit 5) returning id`,
    )
  ).rows.map((r) => r.id);
  // Texts waiting in the outbox; the gateway answers each after 250 ms, so one drain outlasts the
  // 10 s period and the next period's drain (on either process) runs beside it.
  outboxIds = (
    await pool.query<{ id: number }>(
      `insert into notify_outbox (channel, to_address, body, segments)
       select 'sms', '71355501' || lpad(n::text, 2, '0'), 'topology text ' || n, 1
       from generate_series(1, ${OUTBOX_TEXTS}) n returning id`,
    )
  ).rows.map((r) => r.id);
  await cluster.startGateway(250);
  await Promise.all([cluster.startServer('app1'), cluster.startServer('app2')]);
  await cluster.startBalancer();
}, 240_000);

let failed = false;
afterEach((ctx) => {
  failed ||= ctx.task.result?.state === 'fail';
});

afterAll(async () => {
  for (const s of sockets) s.close();
  // A failure shows what the processes and the balancer said (their logs are deleted with the run).
  if (failed)
    for (const name of ['app1', 'app2', 'haproxy'] as const)
      console.log(`--- ${name} ---\n${cluster.log(name)}`);
  if (process.env.TOPOLOGY_KEEP_LOGS) console.log(`logs kept in ${cluster.dir}`);
  await cluster.stop();
}, 60_000);

describe('two server processes behind HAProxy on one PostgreSQL', () => {
  it('spreads new clients over both processes and keeps each on the one its cookie names', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${LB}/api/health`);
      expect(res.status).toBe(200);
      const cookie = res.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(new RegExp(`^${LB_COOKIE}=app[12]; .*HttpOnly`));
      seen.add(cookie.split(';')[0]);
    }
    expect([...seen].sort()).toEqual([`${LB_COOKIE}=app1`, `${LB_COOKIE}=app2`]);
    // A pinned client is not re-pinned (no new cookie) while its server is up.
    const pinned = await fetch(`${LB}/api/health`, { headers: pinTo('app2') });
    expect(pinned.headers.get('set-cookie')).toBeNull();
  });

  it('a login on one process works on the other', async () => {
    const token = await login(DEMO.manager, 'app1');
    for (const server of ['app2', 'app1'] as const) {
      const res = await fetch(`${LB}/api/self`, {
        headers: { authorization: `Bearer ${token}`, ...pinTo(server) },
      });
      expect(res.status).toBe(200);
      expect((await res.json()) as { userName: string }).toMatchObject({ userName: '102' });
    }
    // And straight at the second server, without the balancer.
    const res = await fetch(`${direct('app2')}/api/self`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
  });

  it('an alert raised through one process reaches a socket.io client of the other, over long-polling and WebSocket', async () => {
    const receiver = await login(DEMO.leadTech, 'app2');
    const sender = await login(DEMO.adminAssistant, 'app1');
    const polling = openSocket(receiver, { pin: 'app2', transports: ['polling'] });
    const upgrading = openSocket(receiver, { pin: 'app2' });
    await Promise.all([connected(polling), connected(upgrading)]);
    // The WebSocket upgrade passes through the balancer.
    await upgraded(upgrading);
    expect(upgrading.io.engine.transport.name).toBe('websocket');
    const alerts = [nextAlert(polling), nextAlert(upgrading)];
    const res = await startConversation(sender, [DEMO.leadTech.id], { server: 'app1', subject: 'Across' });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    for (const alert of await Promise.all(alerts))
      expect(alert).toMatchObject({ type: 'NewMessage', conversationId: id });
    // Both sockets were held by the second process all along.
    expect(gauge(await metrics('app2'), 'glass_realtime_sockets')).toBeGreaterThanOrEqual(2);
    polling.close();
    upgrading.close();
  });

  it('a file uploaded through one process is served by the other (FILE_STORE=postgres)', async () => {
    const token = await login(DEMO.adminAssistant, 'app1');
    const res = await startConversation(token, [DEMO.leadTech.id], {
      server: 'app1',
      image: PNG,
      subject: 'File',
    });
    expect(res.status).toBe(201);
    const conversation = (await res.json()) as { messages: { imageAttachmentUrl: string }[] };
    const url = conversation.messages[0].imageAttachmentUrl;
    expect(url).toMatch(/^\/api\/files\//);
    uploadedUrl = url;
    const bodies: Buffer[] = [];
    for (const server of ['app2', 'app1'] as const) {
      const file = await fetch(`${LB}${url}`, {
        headers: { authorization: `Bearer ${token}`, ...pinTo(server) },
      });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      bodies.push(Buffer.from(await file.arrayBuffer()));
    }
    expect(bodies[0].subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(bodies[0].equals(bodies[1])).toBe(true);
    const thumb = await fetch(`${LB}${url}?thumb=1`, {
      headers: { authorization: `Bearer ${token}`, ...pinTo('app2') },
    });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
  });

  it('the follow-up sweep runs once per period across both processes and alerts each follow-up once', async () => {
    const { pool } = cluster;
    await waitUntil('the follow-up alerts', async () => {
      const { rows } = await pool.query(
        `select count(distinct record_id)::int as n from alerts
         where type = 'FollowUp' and record_type = 'Invoice' and record_id = any($1)`,
        [followUpInvoices],
      );
      return rows[0].n === followUpInvoices.length;
    });
    const alerts = await pool.query<{ record_id: number; n: number }>(
      `select record_id, count(*)::int as n from alerts
       where type = 'FollowUp' and record_type = 'Invoice' and record_id = any($1) group by record_id`,
      [followUpInvoices],
    );
    expect(alerts.rows.map((r) => r.n)).toEqual(followUpInvoices.map(() => 1));
    // No follow-up anywhere was alerted twice.
    const twice = await pool.query(
      `select record_type, record_id, user_id from alerts where type = 'FollowUp'
       group by 1, 2, 3, date_trunc('day', created_at) having count(*) > 1`,
    );
    expect(twice.rows).toEqual([]);
    // pg-boss: one sweep job per period, however many processes offered one.
    const jobs = await pool.query<{ slot: string; n: number }>(
      `select singleton_on::text as slot, count(*)::int as n from pgboss.job
       where name = 'follow-up-sweep' group by 1 order by 1`,
    );
    expect(jobs.rows.length).toBeGreaterThanOrEqual(1);
    expect(jobs.rows.filter((r) => r.n !== 1)).toEqual([]);
  });

  it('each outbox message is sent once, though both processes drain the outbox', async () => {
    const { pool } = cluster;
    await waitUntil(
      'the outbox to be sent',
      async () => {
        const { rows } = await pool.query(
          `select count(*)::int as n from notify_outbox where id = any($1) and status = 'sent'`,
          [outboxIds],
        );
        return rows[0].n === outboxIds.length;
      },
      120_000,
    );
    const counts = new Map<number, number>();
    for (const r of cluster.received) counts.set(r.id, (counts.get(r.id) ?? 0) + 1);
    expect(outboxIds.map((id) => counts.get(id))).toEqual(outboxIds.map(() => 1));
    const sample = cluster.received.find((r) => r.id === outboxIds[0]);
    expect(sample).toMatchObject({ to: '+17135550101', body: 'topology text 1' });
    const drains = await pool.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'notify-outbox' and state = 'completed'`,
    );
    expect(drains.rows[0].n).toBeGreaterThanOrEqual(2);
  }, 150_000);

  it(`delivers alerts across processes to ${CLIENTS} connected clients`, async () => {
    const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(', ');
    const recipients = [DEMO.admin, DEMO.manager, DEMO.leadTech, DEMO.repairTech];
    const tokens = await Promise.all(recipients.map((who) => login(who)));
    const clients: Socket[] = [];
    // Browser-like: no pin; the balancer picks a server at the handshake and its cookie keeps the client there.
    for (let i = 0; i < CLIENTS; i += 50) {
      const batch = Array.from({ length: Math.min(50, CLIENTS - i) }, (_, k) =>
        openSocket(tokens[(i + k) % tokens.length]),
      );
      await Promise.all(batch.map(connected));
      clients.push(...batch);
    }
    await Promise.all(clients.map(upgraded));
    const on = { app1: 0, app2: 0 } as Record<string, number>;
    for (const s of clients) on[serverOf(s) ?? 'none']++;
    expect(on.app1 + on.app2).toBe(CLIENTS);
    expect(on.app1).toBeGreaterThan(CLIENTS / 4);
    expect(on.app2).toBeGreaterThan(CLIENTS / 4);
    const held = [
      gauge(await metrics('app1'), 'glass_realtime_sockets'),
      gauge(await metrics('app2'), 'glass_realtime_sockets'),
    ];
    expect(held[0] + held[1]).toBeGreaterThanOrEqual(CLIENTS);
    let disconnects = 0;
    for (const s of clients) s.on('disconnect', () => disconnects++);

    const sender = await login(DEMO.adminAssistant, 'app1');
    const ROUNDS = 20;
    const cross: number[] = [];
    const local: number[] = [];
    const sinceAck: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const subject = `Round ${round}`;
      const arrivals = clients.map((s) => nextAlert(s).then(() => performance.now()));
      const sent = performance.now();
      const res = await startConversation(
        sender,
        recipients.map((r) => r.id),
        { server: 'app1', subject },
      );
      const acked = performance.now();
      expect(res.status).toBe(201);
      const times = await Promise.all(arrivals);
      times.forEach((t, k) => {
        (serverOf(clients[k]) === 'app2' ? cross : local).push(t - sent);
        sinceAck.push(t - acked);
      });
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(disconnects).toBe(0);
    expect(cross.length + local.length).toBe(CLIENTS * ROUNDS);
    const ms = (v: number) => Math.round(v * 10) / 10;
    const stats = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return {
        n: xs.length,
        p50: ms(percentile(sorted, 50)),
        p99: ms(percentile(sorted, 99)),
        max: ms(sorted.at(-1)!),
      };
    };
    const report = {
      clients: CLIENTS,
      load,
      perProcess: on,
      rounds: ROUNDS,
      crossProcess: stats(cross),
      sameProcess: stats(local),
      afterAcknowledgement: stats(sinceAck),
    };
    console.log(`alert delivery: ${JSON.stringify(report)}`);
    if (process.env.BENCH_RESULTS) appendResults(report);
    for (const s of clients) s.close();
  }, 240_000);

  it('killing one process mid-load loses no acknowledged write, and the balancer moves its clients', async () => {
    const token = await login(DEMO.adminAssistant);
    const receiver = await login(DEMO.leadTech, 'app2');
    // A browser pinned to the process about to die, reconnecting as the web app does.
    const survivor = openSocket(receiver, { pin: 'app2', reconnection: true });
    await connected(survivor);
    const acknowledged: number[] = [];
    let refused = 0;
    let stop = false;
    const before = 30;
    const after = 60;
    let killedAt = -1;
    const worker = async () => {
      while (!stop) {
        try {
          // No cookie: the balancer alternates the servers request by request.
          const res = await startConversation(token, [DEMO.leadTech.id], {
            subject: `Load ${acknowledged.length}`,
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { id: number }).id);
          else refused++;
        } catch {
          refused++;
        }
        if (killedAt >= 0 && acknowledged.length >= killedAt + after) stop = true;
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    await waitUntil('writes before the kill', async () => acknowledged.length >= before);
    killedAt = acknowledged.length;
    await cluster.kill('app2');
    await Promise.all(workers);

    // Every write that was answered 201 is in the database, with its message.
    const { rows } = await cluster.pool.query<{ id: number }>(
      `select c.id from conversations c join messages m on m.conversation_id = c.id where c.id = any($1)`,
      [acknowledged],
    );
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(acknowledged));
    console.log(
      `kill test: ${acknowledged.length} writes acknowledged (${killedAt} before the kill), ${refused} refused or cut`,
    );

    // The pinned socket reconnects through the balancer to the surviving process and gets alerts again.
    await waitUntil('the pinned socket to reconnect', async () => survivor.connected, 60_000);
    const alert = nextAlert(survivor);
    const res = await startConversation(token, [DEMO.leadTech.id], { subject: 'After the kill' });
    expect(res.status).toBe(201);
    expect(await alert).toMatchObject({
      type: 'NewMessage',
      conversationId: ((await res.json()) as { id: number }).id,
    });

    // The process comes back (a rolling restart) and the balancer routes to it again.
    await cluster.startServer('app2');
    await cluster.waitRouted('app2');
  }, 180_000);
});

describe('backup and restore (deploy/backup.sh, deploy/restore.sh) on PostgreSQL', () => {
  it('a pg_dump taken while both servers run restores into a new database that serves the same records and files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-backup-'));
    try {
      const backup = sh('deploy/backup.sh', [dir], { DATABASE_URL: cluster.databaseUrl });
      const dump = backup.trim().split('\n').at(-1)!;
      expect(dump).toMatch(/glass-\d{8}T\d{6}Z\.dump$/);
      const restored = cluster.databaseUrl.replace(/\/([^/]+)$/, '/$1_restored');
      await cluster.admin(`create database ${cluster.dbName}_restored`);
      sh('deploy/restore.sh', [dump], { DATABASE_URL: restored });
      // Refused a second time: the database is no longer empty.
      expect(() => sh('deploy/restore.sh', [dump], { DATABASE_URL: restored })).toThrow(/not empty/);

      const counts = async (url: string) => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        try {
          const { rows } = await c.query(
            `select (select count(*) from invoices)::int as invoices, (select count(*) from conversations)::int as conversations,
                    (select count(*) from stored_files)::int as files, (select md5(string_agg(md5(data), '' order by path, n)) from stored_file_chunks) as chunks`,
          );
          return rows[0];
        } finally {
          await c.end();
        }
      };
      const [before, after] = await Promise.all([counts(cluster.databaseUrl), counts(restored)]);
      expect(after).toEqual(before);
      expect(after.files).toBeGreaterThan(0);

      // A server on the restored database signs in with the same accounts and serves an uploaded file.
      await cluster.startServer('spare', { DATABASE_URL: restored });
      const token = await loginAt(direct('spare'), DEMO.adminAssistant);
      expect(uploadedUrl).toBeDefined();
      const file = await fetch(`${direct('spare')}${uploadedUrl}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(file.status).toBe(200);
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    } finally {
      await cluster.kill('spare');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

function appendResults(report: Record<string, any>) {
  const row = (name: string, s: { n: number; p50: number; p99: number; max: number }) =>
    `| ${name} | ${s.n} | ${s.p50} | ${s.p99} | ${s.max} |`;
  const text = [
    '',
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: alert delivery across processes (topology test)`,
    '',
    `Two production server processes behind HAProxy (deploy/haproxy.cfg). ${report.clients} socket.io clients`,
    `connect through the balancer (${report.perProcess.app1} on app1, ${report.perProcess.app2} on app2), WebSocket after the`,
    `long-polling handshake. ${report.rounds} messages are sent through app1 to the clients' 4 users. Each figure`,
    'is the time from sending the write to a client receiving NewAlert. That is an upper bound of',
    'commit-to-client: it includes the request and its transaction.',
    `Load average (1, 5, 15 min) when the clients connected: ${report.load}. Ports ${PORTS.lb}–${PORTS.sms}.`,
    '',
    '| where the clients are | deliveries | p50 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|',
    row('app2 (across processes, PostgreSQL adapter)', report.crossProcess),
    row('app1 (same process)', report.sameProcess),
    row('both, counted from the 201 answer', report.afterAcknowledgement),
    '',
  ].join('\n');
  fs.appendFileSync(process.env.BENCH_RESULTS!, text);
}
