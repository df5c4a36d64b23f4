// `npm run fanout -w bench`: alert fan-out on one server process (issue #17). Starts our server on the bench
// database, connects FANOUT_CLIENTS socket.io clients (default 2,000; long-polling, then WebSocket) spread
// over FANOUT_WORKERS client processes (default 4: a browser has its own CPU, one Node process for all
// clients would measure its own event loop), signed in as four users (an equal share each), then raises
// alerts through the API: FANOUT_ROUNDS times (default 20) a conversation is started (POST
// Conversations/Start, multipart, as the web app sends it) with those four users as recipients, so every
// client receives one NewMessage alert per round. Each figure is the time from sending the POST to a client
// receiving the alert (an upper bound of commit-to-client: it includes the request and its transaction),
// and from the 201 answer. Appends p50/p99/max and the machine's load to bench/RESULTS.md (BENCH_DRY=1:
// print only).
import { type ChildProcess, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/glass_bench';
const resultsFile = process.env.BENCH_RESULTS ?? path.join(import.meta.dirname, 'RESULTS.md');
const port = Number(process.env.FANOUT_PORT ?? 3310);
const CLIENTS = Number(process.env.FANOUT_CLIENTS ?? 2000);
const WORKERS = Number(process.env.FANOUT_WORKERS ?? 4);
const ROUNDS = Number(process.env.FANOUT_ROUNDS ?? 20);
const base = `http://127.0.0.1:${port}`;
const tsx = path.join(root, 'node_modules/.bin/tsx');
const now = () => performance.timeOrigin + performance.now();
const loadavg = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(', ');

const RECIPIENTS = [
  { userName: '101', password: '258036', id: 101 },
  { userName: '102', password: '369147', id: 102 },
  { userName: '103', password: '471582', id: 103 },
  { userName: '105', password: '693704', id: 105 },
];
const SENDER = { userName: '104', password: '582693' };

async function waitFor(u: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(u)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${u} did not come up`);
}

async function login(who: { userName: string; password: string }) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: who.userName, password: who.password, tzo: 300 }),
  });
  if (res.status !== 200) throw new Error(`login ${who.userName}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (v: number) => (Math.round(v * 10) / 10).toFixed(1);

async function main() {
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
  const workers: ChildProcess[] = [];
  try {
    await waitFor(`${base}/api/health`);
    const tokens = await Promise.all(RECIPIENTS.map(login));
    const sender = await login(SENDER);
    // Each worker holds an equal share of every user's clients.
    const rounds = new Map<number, number[]>();
    const waiting = new Map<number, () => void>();
    let disconnects = 0;
    const ready: Promise<void>[] = [];
    for (let w = 0; w < WORKERS; w++) {
      const share = Math.floor(CLIENTS / WORKERS) + (w < CLIENTS % WORKERS ? 1 : 0);
      const child = fork(
        path.join(import.meta.dirname, 'fanout-clients.ts'),
        [base, JSON.stringify(tokens), String(share)],
        {
          cwd: root,
          execArgv: ['--import', 'tsx'],
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        },
      );
      workers.push(child);
      ready.push(
        new Promise((resolve, reject) => {
          child.on('message', (m: any) => {
            if (m.type === 'ready') resolve();
            else if (m.type === 'error') reject(new Error(m.message));
            else if (m.type === 'disconnects') disconnects++;
            else if (m.type === 'round') {
              const all = rounds.get(m.conversationId) ?? [];
              all.push(...m.times);
              rounds.set(m.conversationId, all);
              if (all.length === CLIENTS) waiting.get(m.conversationId)?.();
            }
          });
          child.on('exit', (code) => reject(new Error(`client worker exited (${code})`)));
        }),
      );
    }
    await Promise.all(ready);
    const loadAtStart = loadavg();
    console.log(`${CLIENTS} clients connected (WebSocket) over ${WORKERS} processes; load ${loadAtStart}`);

    const fromWrite: number[] = [];
    const fromAck: number[] = [];
    const writes: number[] = [];
    // Round 0 warms the route up and is not counted.
    for (let round = 0; round <= ROUNDS; round++) {
      const fd = new FormData();
      fd.append('Subject', `Fan-out ${round}`);
      fd.append('Message', 'Fan-out bench');
      for (const r of RECIPIENTS) fd.append('RecipientUserIds[]', String(r.id));
      const sent = now();
      const res = await fetch(`${base}/api/Conversations/Start`, {
        method: 'POST',
        body: fd,
        headers: { authorization: `Bearer ${sender}` },
      });
      const acked = now();
      if (res.status !== 201) throw new Error(`Conversations/Start: ${res.status} ${await res.text()}`);
      const { id } = (await res.json()) as { id: number };
      if ((rounds.get(id)?.length ?? 0) < CLIENTS)
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () =>
              reject(
                new Error(`round ${round}: ${rounds.get(id)?.length ?? 0} of ${CLIENTS} alerts in 15 s`),
              ),
            15_000,
          );
          waiting.set(id, () => {
            clearTimeout(timer);
            resolve();
          });
        });
      waiting.delete(id);
      if (round > 0) {
        writes.push(acked - sent);
        for (const t of rounds.get(id)!) {
          fromWrite.push(t - sent);
          fromAck.push(t - acked);
        }
      }
      rounds.delete(id);
      await new Promise((r) => setTimeout(r, 100));
    }
    const loadAtEnd = loadavg();
    const stats = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s.at(-1)! };
    };
    const row = (label: string, xs: number[]) => {
      const s = stats(xs);
      return `| ${label} | ${s.n} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.max)} |`;
    };
    const lines = [
      `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: alert fan-out, ${CLIENTS} clients on one process`,
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL at ${new URL(url).host} ` +
        `(${new URL(url).pathname.slice(1)}). One server process (PostgreSQL adapter), ${CLIENTS} socket.io clients over WebSocket ` +
        `in ${WORKERS} client processes, ${RECIPIENTS.length} users (${CLIENTS / RECIPIENTS.length} clients each); ${ROUNDS} conversations ` +
        `started through the API, each alerting all ${RECIPIENTS.length} users. Load average (1, 5, 15 min): ${loadAtStart} at the start, ${loadAtEnd} at the end.`,
      '',
      '| measured | deliveries | p50 ms | p99 ms | max ms |',
      '|---|---:|---:|---:|---:|',
      row('from sending the POST to the client receiving NewAlert', fromWrite),
      row('from the 201 answer to the client receiving NewAlert', fromAck),
      row('the POST itself (send to 201), per round', writes),
      '',
      `Disconnects during the run: ${disconnects}.`,
      '',
    ];
    console.log(lines.join('\n'));
    if (!process.env.BENCH_DRY) fs.appendFileSync(resultsFile, `${lines.join('\n')}\n`);
  } finally {
    for (const w of workers) {
      w.removeAllListeners('exit');
      w.send?.({ type: 'close' });
    }
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
