// `npm run lighthouse -w bench` (after `npm run build`): Lighthouse's mobile preset (simulated slow 4G,
// Moto G-class CPU) on /login in the system Chromium, against the production runtime
// (NODE_ENV=production node apps/server/dist/main.js on a fresh embedded database, started here), or
// against LIGHTHOUSE_URL when set. Prints the scores and the main metrics; BENCH_RESULTS=path appends
// them to that file (bench/RESULTS.md keeps the recorded runs).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3400);

async function waitFor(u: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(u)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${u} did not come up`);
}

function startProductionServer(dataDir: string): ChildProcess {
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  return spawn(process.execPath, [main], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PASSWORD_PEPPER: randomBytes(32).toString('base64url'),
      SECRETS_KEY: randomBytes(32).toString('base64url'),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    },
  });
}

async function main() {
  let server: ChildProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-lighthouse-'));
  const base = process.env.LIGHTHOUSE_URL ?? `http://127.0.0.1:${port}`;
  if (!process.env.LIGHTHOUSE_URL) server = startProductionServer(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  });
  try {
    await waitFor(`${base}/api/health`);
    const result = await lighthouse(`${base}/login`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => audits[id]?.displayValue ?? '–';
    const summary = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      speedIndex: metric('speed-index'),
      transferred: metric('total-byte-weight'),
    };
    console.log(JSON.stringify(summary, null, 2));
    for (const id of [
      'uses-text-compression',
      'uses-long-cache-ttl',
      'unused-javascript',
      'render-blocking-resources',
    ]) {
      const a = audits[id];
      if (a && a.score !== null && a.score < 1)
        console.log(`  ${id}: ${a.displayValue ?? ''} (score ${a.score})`);
    }
    const out = path.join(import.meta.dirname, '.data');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'lighthouse-login.json'), String(result.report));
    if (process.env.BENCH_RESULTS) {
      const line =
        `| ${new Date().toISOString().slice(0, 10)} | /login, mobile preset | ${summary.performance} | ` +
        `${summary.fcp} | ${summary.lcp} | ${summary.tbt} | ${summary.cls} | ${summary.transferred} |\n`;
      fs.appendFileSync(process.env.BENCH_RESULTS, line);
    }
  } finally {
    await chrome.kill();
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server?.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
