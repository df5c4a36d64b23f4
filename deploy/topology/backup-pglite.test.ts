/**
 * Backup and restore of the embedded database (docs/deploy.md): deploy/backup.sh archives DATA_DIR's
 * PGlite directory and files while the server is stopped, deploy/restore.sh unpacks them into a new
 * DATA_DIR, and a production server started there signs in and serves the same records and files.
 * (The PostgreSQL case is the last test of topology.test.ts.)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { PORTS, root, secrets, waitUntil } from './cluster.js';

const port = PORTS.spare + 1;
const base = `http://127.0.0.1:${port}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-backup-pglite-'));
let server: ChildProcess | undefined;

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

function sh(script: string, args: string[], env: Record<string, string>) {
  return spawnSync('bash', [path.join(root, script), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
}

/** Every file under dir with its SHA-256, by relative path. */
function tree(at: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of fs.readdirSync(at, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    out[path.relative(at, full)] = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
  }
  return out;
}

it('the embedded database and its files restore into a new DATA_DIR that a server runs on', async () => {
  const original = path.join(dir, 'original');
  const seeded = spawnSync(
    process.execPath,
    [path.join(root, 'apps/server/dist/seed.js'), '--scale', '0.01'],
    {
      cwd: root,
      env: { PATH: process.env.PATH, DATA_DIR: original, ...secrets },
      encoding: 'utf8',
    },
  );
  expect(seeded.status, seeded.stderr).toBe(0);
  const invoices = Number(/scale 0\.01, (\d+) invoices/.exec(seeded.stdout)?.[1]);
  expect(invoices).toBeGreaterThan(0);

  const backup = sh('deploy/backup.sh', [path.join(dir, 'backups')], { DATA_DIR: original });
  expect(backup.status, backup.stderr).toBe(0);
  const archive = backup.stdout.trim();
  expect(archive).toMatch(/glass-pglite-\d{8}T\d{6}Z\.tar\.gz$/);

  const restored = path.join(dir, 'restored');
  const restore = sh('deploy/restore.sh', [archive], { DATA_DIR: restored });
  expect(restore.status, restore.stderr).toBe(0);
  expect(tree(restored)).toEqual(tree(original));
  // A second restore would overwrite a database: refused.
  const again = sh('deploy/restore.sh', [archive], { DATA_DIR: restored });
  expect(again.status).toBe(1);
  expect(again.stderr).toMatch(/move it aside/);

  const log = path.join(dir, 'server.log');
  const fd = fs.openSync(log, 'a');
  server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', fd, fd],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: restored,
      PUBLIC_BASE_URL: base,
      MAIL_TRANSPORT: 'outbox',
      LOG_LEVEL: 'warn',
      ...secrets,
    },
  });
  fs.closeSync(fd);
  await waitUntil('the server on the restored DATA_DIR', async () => {
    if (server!.exitCode !== null) throw new Error(fs.readFileSync(log, 'utf8'));
    return (await fetch(`${base}/api/health`).catch(() => undefined))?.ok === true;
  });
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: '101', password: '258036', tzo: 300 }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const list = await fetch(`${base}/api/Invoices?$top=1&$count=true`, { headers });
  expect(list.status).toBe(200);
  expect(((await list.json()) as { '@odata.count': number })['@odata.count']).toBe(invoices);
  // A stored file of the backup, served from the restored DATA_DIR/files.
  const stored = Object.keys(tree(path.join(restored, 'files'))).find((f) => f.endsWith('.pdf'));
  expect(stored).toBeDefined();
  const file = await fetch(`${base}/api/files/${stored}`, { headers });
  expect(file.status).toBe(200);
  expect(
    Buffer.from(await file.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
}, 300_000);
