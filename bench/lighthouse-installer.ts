// `npm run lighthouse:installer -w bench` (after `npm run build -w apps/web`): the installer's cold first load of
// /my-appointments on a phone (issue #34). As e2e/server.mjs: a fresh embedded database (seed scale 0.2, plus six
// visits booked for user 105 today) and apps/web/dist, served by the server's source with NODE_ENV=production.
// User 105's token is in localStorage before the page loads; caches and service worker are emptied. Lighthouse
// in the system Chromium, mobile, two profiles: `mobile` (the default preset, simulated: 150 ms RTT, 1.6 Mbit/s,
// 4× CPU) and `3g-devtools` (applied for real: 1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT, 4× CPU).
// LIGHTHOUSE_PORT (3460), LIGHTHOUSE_RUNS (per profile, 1), LIGHTHOUSE_PROFILES (comma-separated, all), CHROMIUM_PATH,
// LIGHTHOUSE_TRACE=1 (also save each run's trace); reports in bench/.data/. Not in CI.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { type ApiCall, bookVisit, centralDay, slotsOnTheDayOf } from '../e2e/book-visit.js';

const root = path.resolve(import.meta.dirname, '..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3460);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const base = `http://127.0.0.1:${port}`;
const PAGE = '/my-appointments';
const INSTALLER = { userName: '105', password: '693704' };
const ADMIN = { userName: '101', password: '258036' };
const STOPS = 6;
/** apps/web/src/api/auth-token.ts */
const TOKEN_KEY = 'authToken';
const tsx = path.join(root, 'node_modules/.bin/tsx');
const outDir = path.join(import.meta.dirname, '.data');
const dataDir = path.join(outDir, `lighthouse-${port}`);

const PROFILES: Record<string, Flags> = {
  mobile: { formFactor: 'mobile', throttlingMethod: 'simulate' },
  '3g-devtools': {
    formFactor: 'mobile',
    throttlingMethod: 'devtools',
    throttling: {
      rttMs: 150,
      throughputKbps: 1638.4,
      // DevTools throttles per request, so Lighthouse scales the packet RTT by 3.75 and the throughput by 0.9.
      requestLatencyMs: 150 * 3.75,
      downloadThroughputKbps: 1638.4 * 0.9,
      uploadThroughputKbps: 750 * 0.9,
      cpuSlowdownMultiplier: 4,
    },
  },
};

async function waitFor(u: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(u)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${u} did not come up`);
}

/** A fresh seeded database and the server on it, as e2e/server.mjs does, in production mode. */
function startServer(): ChildProcess {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')))
    throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` first');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const env = {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    WEB_DIST: path.join(root, 'apps/web/dist'),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // The seed hashes the demo PINs with this pepper; the server checks them with the same one.
    PASSWORD_PEPPER: randomBytes(32).toString('base64url'),
    SECRETS_KEY: randomBytes(32).toString('base64url'),
    PUBLIC_BASE_URL: base,
  };
  const seed = spawnSync(tsx, ['apps/server/src/db/seed/cli.ts', '--reset', '--scale', '0.2'], {
    cwd: root,
    env: { ...env, NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seed.status !== 0) throw new Error(`the seed failed (${seed.status})`);
  return spawn(tsx, ['apps/server/src/main.ts'], {
    cwd: root,
    env: { ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function signIn(who: { userName: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...who, tzo: new Date().getTimezoneOffset() }),
  });
  if (res.status !== 200) throw new Error(`login of user ${who.userName}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

async function call<T>(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/**
 * A realistic day: the seed leaves installer 105 without visits today, so the office (user 101) books `count`
 * visits for today with the end-to-end tests' booking (e2e/book-visit.ts: a new service vehicle and invoice,
 * then the schedule save at the first free slot), from 08:00 of the facility's day, each after the last.
 */
async function bookDay(installerId: number, count: number) {
  const admin = await signIn(ADMIN);
  const asAdmin: ApiCall = (method, url, body) => call(admin, method, url, body);
  let from = new Date(`${centralDay(new Date())}T08:00:00-06:00`);
  for (let i = 0; i < count; i++) {
    const { at } = await bookVisit(asAdmin, {
      installerId,
      slots: slotsOnTheDayOf(from),
      invoice: { roPrefix: 'LH', lastName: `Field${i}` },
      visit: {
        serviceAddress: `${100 + i} Main St`,
        latitude: 29.76 + i * 0.02,
        longitude: -95.37 + i * 0.015,
      },
    });
    from = new Date(at.getTime() + 40 * 60_000);
  }
}

async function myDay(token: string) {
  const res = await call<{ installerId: number; stops: unknown[] }>(token, 'GET', '/api/appointments/my-day');
  if (res.status !== 200) throw new Error(`GET /api/appointments/my-day: ${res.status}`);
  return res.body;
}

type BrowserStorage = { setItem(key: string, value: string): void };
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type Items = Array<Record<string, unknown>>;
const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

function summarize(lhr: Lhr) {
  const { categories, audits } = lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => audits[id]?.displayValue ?? '–';
  const resources = ((audits['resource-summary']?.details as { items?: Items })?.items ?? []) as Array<{
    resourceType: string;
    transferSize: number;
  }>;
  const size = (type: string) => resources.find((r) => r.resourceType === type)?.transferSize ?? 0;
  return {
    url: lhr.finalDisplayedUrl,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    speedIndex: metric('speed-index'),
    transferred: kib(size('total')),
    js: kib(size('script')),
  };
}

// What keeps the score down: the audits that did not pass, with their biggest items.
function findings(lhr: Lhr): string[] {
  const lines: string[] = [];
  for (const id of [
    'unused-javascript',
    'render-blocking-resources',
    'bootup-time',
    'mainthread-work-breakdown',
    'long-tasks',
    'largest-contentful-paint-element',
  ]) {
    const a = lhr.audits[id];
    if (!a || a.score === 1) continue;
    lines.push(`  ${id}: ${a.displayValue ?? ''}`);
    const items = ((a.details as { items?: Items })?.items ?? []).slice(0, 6);
    const lcpNode = (items[0]?.items as Items | undefined)?.[0]?.node as { snippet?: string } | undefined;
    if (lcpNode?.snippet) lines.push(`    ${lcpNode.snippet.slice(0, 120)}`);
    for (const it of items) {
      if (it.type === 'table') continue;
      const url = typeof it.url === 'string' ? it.url.replace(base, '') : (it.groupLabel ?? it.group ?? '');
      const n = it.wastedBytes ?? it.total ?? it.duration ?? it.transferSize;
      lines.push(`    ${String(url).slice(0, 90)}${typeof n === 'number' ? ` ${Math.round(n)}` : ''}`);
    }
  }
  return lines;
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const server = startServer();
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    await waitFor(`${base}/api/health`);
    const token = await signIn(INSTALLER);
    const before = await myDay(token);
    if (before.stops.length < STOPS) await bookDay(before.installerId, STOPS - before.stops.length);
    console.log(`user 105 signed in; ${(await myDay(token)).stops.length} stops today`);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const rows: string[] = [];
    const only = process.env.LIGHTHOUSE_PROFILES?.split(',');
    for (const [name, flags] of Object.entries(PROFILES)) {
      if (only && !only.includes(name)) continue;
      for (let n = 1; n <= runs; n++) {
        // A cold load with a session: the origin's data (service worker and its caches included) and the HTTP
        // cache are emptied, then the token goes in on a same-origin page that loads none of the app, and
        // Lighthouse keeps storage (disableStorageReset).
        const page = await browser.newPage();
        const cdp = await page.createCDPSession();
        await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'all' });
        await cdp.send('Network.clearBrowserCache');
        await page.goto(`${base}/api/health`);
        await page.evaluate(
          (k, v) => (globalThis as unknown as { localStorage: BrowserStorage }).localStorage.setItem(k, v),
          TOKEN_KEY,
          token,
        );
        await page.close();
        const result = await lighthouse(`${base}${PAGE}`, {
          ...flags,
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          disableStorageReset: true,
          ...(process.env.LIGHTHOUSE_TRACE
            ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
            : {}),
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        });
        if (!result) throw new Error('Lighthouse returned no result');
        fs.writeFileSync(path.join(outDir, `lighthouse-installer-${name}-${n}.json`), String(result.report));
        // The page's trace, for DevTools' Performance panel (its JS samples say which functions made the long tasks).
        if (process.env.LIGHTHOUSE_TRACE)
          fs.writeFileSync(
            path.join(outDir, `lighthouse-installer-${name}-${n}.trace.json`),
            JSON.stringify(result.artifacts.Trace),
          );
        const s = summarize(result.lhr);
        if (!s.url.endsWith(PAGE))
          throw new Error(`ended on ${s.url}, not ${PAGE}: the session was not used`);
        console.log(`\n${name} #${n}:`, JSON.stringify(s, null, 2));
        for (const line of findings(result.lhr)) console.log(line);
        rows.push(
          `| ${name} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.fcp} | ${s.lcp} | ` +
            `${s.tbt} | ${s.cls} | ${s.speedIndex} | ${s.transferred} | ${s.js} |`,
        );
      }
    }
    await browser.disconnect();
    console.log(`\n${new Date().toISOString()}\n`);
    console.log('| profile | perf | a11y | best pr. | FCP | LCP | TBT | CLS | SI | transferred | JS |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of rows) console.log(r);
  } finally {
    await chrome.kill();
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
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
