import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

/**
 * What the bench scripts that start the app themselves share: starting it, waiting for it, signing in as the admin,
 * and the machine's line in RESULTS.md.
 */

const root = path.resolve(import.meta.dirname, '..');

/** The app's server from source on `databaseUrl` and 127.0.0.1:`port`, warnings only, its errors on this stderr. */
export function startAppServer(databaseUrl: string, port: number | string): ChildProcess {
  return spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** `N × CPU model, M GiB, Node vX`: the start of a RESULTS.md section's machine line. */
export function machineLine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`;
}

/** Polls GET /api/health every 500 ms until the server answers, at most `tries` times. */
export async function waitForHealth(base: string, tries = 600): Promise<void> {
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (i > tries) throw new Error('the server did not come up');
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The demo System Admin's bearer header (user 101). */
export async function adminHeaders(base: string): Promise<{ authorization: string }> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: '101', password: '258036', tzo: 300 }),
  });
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}
