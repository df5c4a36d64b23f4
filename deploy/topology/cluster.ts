/**
 * The topology the test runs (README "Real-time alerts and load balancers", docs/deploy.md): a fresh
 * database on the local PostgreSQL, two production server processes (`node apps/server/dist/main.js`,
 * NODE_ENV=production) and Debian's HAProxy with the same configuration file compose.yaml uses
 * (deploy/haproxy.cfg). Everything listens on 127.0.0.1, ports TOPOLOGY_PORT_BASE (3300) and up:
 * +0 the balancer, +1 and +2 the servers, +3 a fake SMS gateway that records what it is sent, +4 a server
 * started on a restored backup.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../..');
const base = Number(process.env.TOPOLOGY_PORT_BASE ?? 3300);
export const PORTS = { lb: base, app1: base + 1, app2: base + 2, sms: base + 3, spare: base + 4 } as const;
export const LB = `http://127.0.0.1:${PORTS.lb}`;
export const direct = (server: ServerName | 'spare') => `http://127.0.0.1:${PORTS[server]}`;
export type ServerName = 'app1' | 'app2';
/** The balancer's sticky cookie (deploy/haproxy.cfg) naming a server. */
export const LB_COOKIE = 'GLASS_LB';
export const pinTo = (server: ServerName) => ({ cookie: `${LB_COOKIE}=${server}` });

const adminUrl = process.env.TOPOLOGY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const METRICS_TOKEN = randomBytes(24).toString('base64url');
export const secrets = {
  PASSWORD_PEPPER: randomBytes(32).toString('base64url'),
  SECRETS_KEY: randomBytes(32).toString('base64url'),
  // The seed hashes the demo PINs with this cost; the servers verify with the cost stored in each hash.
  SCRYPT_COST: '16384',
};

/** One received SMS, as the HTTP SMS provider posts it ({id, to, body}). */
export interface Received {
  id: number;
  to: string;
  body: string;
}

export class Cluster {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-topology-'));
  readonly dbName = `glass_topology_${process.pid}`;
  readonly databaseUrl: string;
  readonly received: Received[] = [];
  readonly servers = new Map<string, ChildProcess>();
  private lb?: ChildProcess;
  private gateway?: http.Server;
  pool!: pg.Pool;

  constructor() {
    const u = new URL(adminUrl);
    u.pathname = `/${this.dbName}`;
    this.databaseUrl = u.toString();
  }

  async admin(sql: string) {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  }

  /** A fresh database with the demo data (scale 0.05), seeded by the built seed script. */
  async createDatabase() {
    const main = path.join(root, 'apps/server/dist/main.js');
    if (!fs.existsSync(main))
      throw new Error('apps/server/dist/main.js is missing: run `npm run build -w apps/server`');
    await this.admin(`drop database if exists ${this.dbName}`);
    await this.admin(`create database ${this.dbName}`);
    const seed = spawnSync(
      process.execPath,
      [path.join(root, 'apps/server/dist/seed.js'), '--scale', '0.05'],
      {
        cwd: root,
        env: { PATH: process.env.PATH, DATABASE_URL: this.databaseUrl, ...secrets },
        encoding: 'utf8',
      },
    );
    if (seed.status !== 0) throw new Error(`seeding failed:\n${seed.stdout}\n${seed.stderr}`);
    this.pool = new pg.Pool({ connectionString: this.databaseUrl, max: 4 });
  }

  /** The SMS gateway the servers post texts to (SMS_PROVIDER=http); each answer waits delayMs. */
  async startGateway(delayMs: number) {
    this.gateway = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        setTimeout(() => {
          this.received.push(JSON.parse(body) as Received);
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        }, delayMs);
      });
    });
    await new Promise<void>((r) => this.gateway!.listen(PORTS.sms, '127.0.0.1', r));
  }

  /**
   * Starts one production server process; resolves once it answers its health check. `spare` runs on its own
   * port with the given environment on top (another database, say).
   */
  async startServer(name: ServerName | 'spare', extraEnv: Record<string, string> = {}) {
    const log = fs.openSync(path.join(this.dir, `${name}.log`), 'a');
    const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
      cwd: root,
      stdio: ['ignore', log, log],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(PORTS[name]),
        DATABASE_URL: this.databaseUrl,
        FILE_STORE: 'postgres',
        PUBLIC_BASE_URL: LB,
        TRUST_PROXY: 'loopback',
        METRICS_TOKEN,
        MAIL_TRANSPORT: 'outbox',
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: `http://127.0.0.1:${PORTS.sms}/sms`,
        LOG_LEVEL: 'warn',
        PG_POOL_MAX: '10',
        ...secrets,
        ...extraEnv,
      },
    });
    fs.closeSync(log);
    this.servers.set(name, child);
    await waitUntil(`${name} to answer /api/health`, async () => {
      if (child.exitCode !== null)
        throw new Error(`${name} exited with ${child.exitCode}:\n${this.log(name)}`);
      return (await fetch(`${direct(name)}/api/health`).catch(() => undefined))?.ok === true;
    });
  }

  /** SIGKILL: no shutdown hook runs, in-flight requests and transactions are cut. */
  async kill(name: string) {
    const child = this.servers.get(name);
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  /** Debian's haproxy in the foreground with deploy/haproxy.cfg; resolves once it reaches both servers. */
  async startBalancer() {
    const log = fs.openSync(path.join(this.dir, 'haproxy.log'), 'a');
    // Debian installs it in /usr/sbin, which a non-login shell's PATH may lack.
    const haproxy =
      process.env.HAPROXY ?? (fs.existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');
    this.lb = spawn(haproxy, ['-f', path.join(root, 'deploy/haproxy.cfg')], {
      stdio: ['ignore', log, log],
      env: {
        PATH: process.env.PATH,
        LB_BIND: `127.0.0.1:${PORTS.lb}`,
        APP1_ADDR: `127.0.0.1:${PORTS.app1}`,
        APP2_ADDR: `127.0.0.1:${PORTS.app2}`,
      },
    });
    fs.closeSync(log);
    this.lb.once('error', () => {});
    await this.waitRouted('app1');
    await this.waitRouted('app2');
  }

  /** Until the balancer sends a request pinned to `name` to that server (its health checks passed). */
  async waitRouted(name: ServerName) {
    await waitUntil(`the balancer to route to ${name}`, async () => {
      if (this.lb?.exitCode !== null) throw new Error(`haproxy exited:\n${this.log('haproxy')}`);
      const res = await fetch(`${LB}/api/health`, { headers: pinTo(name) }).catch(() => undefined);
      // The balancer re-pins (sets its cookie) only when it had to send the request elsewhere.
      return res?.ok === true && !res.headers.get('set-cookie');
    });
  }

  log(name: string): string {
    const f = path.join(this.dir, `${name}.log`);
    return fs.existsSync(f) ? fs.readFileSync(f, 'utf8').slice(-4000) : '';
  }

  async stop() {
    for (const child of [...this.servers.values(), this.lb]) {
      if (!child || child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await new Promise((r) => (this.gateway ? this.gateway.close(r) : r(undefined)));
    await this.pool?.end();
    for (const db of [this.dbName, `${this.dbName}_restored`])
      await this.admin(`drop database if exists ${db} with (force)`).catch(() => {});
    if (!process.env.TOPOLOGY_KEEP_LOGS) fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Polls `check` every 200 ms until it is true; fails after timeoutMs with what it waited for. */
export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The value of one gauge in a Prometheus text answer (the sum of its series). */
export function gauge(text: string, name: string): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith(`${name} `) || line.startsWith(`${name}{`)) sum += Number(line.split(' ').pop());
  }
  return sum;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
