// `npm run hostile-files -w bench` (issue #31): starts our server (one node process, BENCH_DATABASE_URL,
// seeded: the demo users sign in), sends every hostile file of apps/server/src/files/hostile-files.ts over
// HTTP (the DMS import as the Admin Assistant; the pictures also to the profile picture as the System
// Admin), and records how long each took to be refused, its status, and the server's resident memory
// (VmRSS after, and the high-water mark VmHWM from /proc) in bench/RESULTS.md, "Hostile files (#31)".
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HOSTILE_FILES } from '../apps/server/src/files/hostile-files.js';
import { waitForHealth } from './app-server.js';

const root = path.resolve(import.meta.dirname, '..');
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/glass_bench';
const port = Number(process.env.BENCH_PORT ?? 3303);
const resultsFile = process.env.BENCH_RESULTS ?? path.join(import.meta.dirname, 'RESULTS.md');
const base = `http://127.0.0.1:${port}`;

/** VmRSS and VmHWM (peak) of a process, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function signIn(userName: string, password: string): Promise<{ authorization: string }> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password, tzo: 300 }),
  });
  if (!res.ok) throw new Error(`sign-in ${userName}: ${res.status}`);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

async function main() {
  // One node process (no tsx wrapper), so /proc/<pid> is the server's.
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = server.pid as number;
  try {
    await waitForHealth(base);
    const assistant = await signIn('104', '582693');
    const admin = await signIn('101', '258036');
    const rows: string[] = [];
    const send = async (
      route: string,
      headers: Record<string, string>,
      parts: [string, string | Blob, string?][],
    ) => {
      const form = new FormData();
      for (const [name, value, fileName] of parts)
        typeof value === 'string' ? form.append(name, value) : form.append(name, value, fileName);
      const t = performance.now();
      const res = await fetch(`${base}${route}`, { method: 'POST', headers, body: form });
      const body = (await res.json()) as { errors?: Record<string, string[]> };
      const ms = performance.now() - t;
      const alive = await fetch(`${base}/api/DmsImports?$top=1`, { headers: assistant });
      const reason = Object.entries(body.errors ?? {})
        .map(([f, m]) => `${f}: ${m[0]}`)
        .join('; ');
      return { status: res.status, ms, alive: alive.status, reason, ...memoryOf(pid) };
    };
    const start = memoryOf(pid);
    for (const hostile of HOSTILE_FILES) {
      const data = hostile.make();
      const blob = new Blob([data], { type: hostile.type });
      const targets: [string, Record<string, string>, [string, string | Blob, string?][]][] = [
        [
          'POST /api/DmsImports',
          assistant,
          [
            ['FacilityId', '1'],
            ['File', blob, hostile.fileName],
          ],
        ],
      ];
      if (hostile.type.startsWith('image/'))
        targets.push(['POST /api/users/profilePicture', admin, [['file', blob, hostile.fileName]]]);
      for (const [route, headers, parts] of targets) {
        const r = await send(route.split(' ')[1], headers, parts);
        const size =
          data.length >= 1024 * 1024 ? `${(data.length / 1024 / 1024).toFixed(1)} MB` : `${data.length} B`;
        rows.push(
          `| ${hostile.name} (${size}) | ${route} | ${r.status} | ${r.ms.toFixed(0)} | ${r.alive} | ${r.rss.toFixed(0)} / ${r.peak.toFixed(0)} | ${r.reason.replace(/\|/g, '\\|').slice(0, 140)} |`,
        );
        console.log(rows[rows.length - 1]);
      }
    }
    const out = [
      '',
      `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: Hostile files (#31)`,
      '',
      `\`npm run hostile-files -w bench\`: one server process (node, PostgreSQL at ${new URL(url).host}), each file of`,
      '`apps/server/src/files/hostile-files.ts` sent once over HTTP, one after another. Machine:',
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)} at the end.`,
      `"ms" is from sending the request to its answer (the upload included); "next" is the status of a signed-in read`,
      `right after; memory is the server's resident set after the answer / its peak so far (${start.rss.toFixed(0)} MB`,
      'resident when the run began). The tests assert status, liveness and memory, never these times.',
      '',
      '| file | route | status | ms | next | RSS / peak MB | reason |',
      '|---|---|---:|---:|---:|---:|---|',
      ...rows,
      '',
    ];
    console.log(out.join('\n'));
    fs.appendFileSync(resultsFile, `${out.join('\n')}\n`);
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
