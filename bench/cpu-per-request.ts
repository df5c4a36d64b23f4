// `npm run cpu -w bench`: the invoice detail by key (GET /api/Invoices/{id}, a random invoice each time)
// against the bare endpoint, measured as CPU time per request rather than requests per second: the Node
// process (with its children) from /proc/<pid>/stat, and its PostgreSQL backends (pg_stat_activity by
// application name, the adapter's LISTEN and pg-boss left out). On a machine other people load, req/s
// follows their load; CPU per request does not. N requests per figure (default 4000, after as many to warm
// up), 10 connections, ROUNDS rounds (default 2), ports 3300 and 3301. Prints only.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
const root = path.resolve(import.meta.dirname, '..');
const url = 'postgres://postgres@127.0.0.1:5432/glass_bench';
const tsx = path.join(root, 'node_modules/.bin/tsx');
const ticks = (pid: number) => {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
};
const tree = (pid: number): number[] => {
  const kids = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => {
      try {
        return fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    });
  return [pid, ...kids.flatMap(tree)];
};
async function waitFor(u: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(u)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
}
const ours = spawn(tsx, ['apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: url,
    PORT: '3300',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SCRYPT_COST: '16384',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const bare = spawn(tsx, ['bench/bare-server.ts'], {
  cwd: root,
  env: { ...process.env, DATABASE_URL: url, PORT: '3301', PGAPPNAME: 'bare-bench' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
await waitFor('http://127.0.0.1:3300/api/health');
await waitFor('http://127.0.0.1:3301/service-vehicles');
const login = await fetch('http://127.0.0.1:3300/api/login', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ userName: '101', password: '258036', tzo: 300 }),
});
const { token } = (await login.json()) as any;
const c = new pg.Client({ connectionString: url });
await c.connect();
const N = Number(process.env.N ?? 4000);
let x = 99;
const id = () => {
  x = (x * 1103515245 + 12345) % 2147483648;
  return 1 + (x % 1002000);
};
async function measure(
  label: string,
  base: string,
  pathOf: (i: number) => string,
  app: string,
  headers = {},
) {
  const run = () =>
    autocannon({
      url: base,
      connections: 10,
      amount: N,
      headers,
      requests: [{ setupRequest: (r: any) => ({ ...r, path: pathOf(id()) }) }],
    });
  await run(); // warm
  const pids = tree(label === 'ours' ? ours.pid! : bare.pid!);
  const be = (
    await c.query(
      "select pid from pg_stat_activity where application_name = $1 and query not like 'LISTEN%' and query not ilike '%pgboss%'",
      [app],
    )
  ).rows.map((r) => r.pid as number);
  const n0 = pids.reduce((s, p) => s + ticks(p), 0),
    b0 = be.reduce((s, p) => s + ticks(p), 0);
  const t0 = Date.now();
  const r = await run();
  const t = Date.now() - t0;
  const n1 = pids.reduce((s, p) => s + ticks(p), 0),
    b1 = be.reduce((s, p) => s + ticks(p), 0);
  console.log(
    `${label}: node ${(((n1 - n0) * 10) / N).toFixed(3)} ms/req, pg ${(((b1 - b0) * 10) / N).toFixed(3)} ms/req (backends ${be.length}), ${((N / t) * 1000).toFixed(0)} req/s, errors ${r.non2xx + r.errors}`,
  );
}
for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) {
  await measure('bare', 'http://127.0.0.1:3301', (i) => `/invoice/${i}`, 'bare-bench');
  await measure('ours', 'http://127.0.0.1:3300', (i) => `/api/Invoices/${i}`, 'glass-shop', {
    authorization: `Bearer ${token}`,
  });
}
await c.end();
ours.kill('SIGTERM');
bare.kill('SIGTERM');
process.exit(0);
