/**
 * The cross-engine run (issue #34 item 6): the customer's public pages and the installer's day on a 375 px
 * touch phone in WebKit (WebKitGTK) and Firefox (ESR), Debian's packages, beside the Chromium suite of
 * Playwright. `npm run engines -w e2e` after `npm run build -w apps/web`; ENGINES=webkit or ENGINES=firefox
 * runs one engine; ENGINES_PORT (default 3120) is the test server's port. A failed journey leaves its
 * screenshot in e2e/test-results/engines/.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Api, DEMO, signInApi } from './api';
import { firefoxMissing, launchFirefox } from './firefox';
import { approve, authorise, installerDay, invalidLinks, optIn } from './journeys';
import type { Phone } from './phone';
import { launchWebKit, webkitMissing } from './webkit';

const e2e = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.ENGINES_PORT ?? 3120);
const baseURL = `http://127.0.0.1:${port}`;
const shots = path.join(e2e, 'test-results', 'engines');
const ENGINES = {
  webkit: { missing: webkitMissing, launch: launchWebKit },
  firefox: { missing: firefoxMissing, launch: launchFirefox },
} as const;
type EngineName = keyof typeof ENGINES;
const chosen = (process.env.ENGINES ?? 'webkit,firefox').split(',').map((e) => e.trim()) as EngineName[];
for (const name of chosen) if (!(name in ENGINES)) throw new Error(`ENGINES: unknown engine ${name}`);

/** `promise`, or a failure naming `what` once `ms` have passed without an answer. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

let server: ChildProcess | undefined;
let staff: Api;
let tech: Api;
const timings: string[] = [];

/** The e2e server (e2e/server.mjs: a freshly seeded database of its own, the built web app) on ENGINES_PORT. */
async function startServer() {
  // E2E_WEB_DIST: another build (CI's second line serves a copy; e2e/server.mjs reads the same variable).
  const dist = process.env.E2E_WEB_DIST ?? path.resolve(e2e, '../apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error('The web app is not built: npm run build -w apps/web');
  }
  server = spawn(process.execPath, ['server.mjs'], {
    cwd: e2e,
    // The journeys make their own data: the demo accounts and reference data of the smallest seed suffice.
    env: { E2E_SEED_SCALE: '0.02', ...process.env, E2E_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    server?.once('exit', (code) => reject(new Error(`the e2e server exited (${code})`))),
  );
  const deadline = Date.now() + 240_000;
  for (;;) {
    const up = await Promise.race([
      fetch(`${baseURL}/api/health`).then(
        (r) => r.ok,
        () => false,
      ),
      exited,
    ]);
    if (up) return;
    if (Date.now() > deadline) throw new Error(`the e2e server did not answer on ${baseURL}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('the customer pages and the installer’s day in WebKit and Firefox (375 px, touch)', () => {
  before(
    async () => {
      const started = Date.now();
      await startServer();
      staff = await signInApi(baseURL, DEMO.admin);
      tech = await signInApi(baseURL, DEMO.repairTech);
      fs.rmSync(shots, { recursive: true, force: true });
      fs.mkdirSync(shots, { recursive: true });
      timings.push(`server (seed and start): ${((Date.now() - started) / 1000).toFixed(1)} s`);
    },
    { timeout: 250_000 },
  );
  after(() => {
    server?.kill('SIGTERM');
    console.log(`\nTimings\n  ${timings.join('\n  ')}`);
  });

  for (const name of chosen) {
    describe(name, () => {
      let engine: Awaited<ReturnType<(typeof ENGINES)[EngineName]['launch']>>;
      let started = 0;
      before(
        async () => {
          started = Date.now();
          const missing = ENGINES[name].missing();
          if (missing) throw new Error(missing);
          engine = await ENGINES[name].launch(baseURL);
        },
        { timeout: 60_000 },
      );
      after(async () => {
        await engine?.close();
        timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      });

      /**
       * Each journey on a fresh phone (no stored state) and data of its own; a failure keeps a screenshot. In CI
       * a failed journey runs once more, as Playwright retries there (a pass on the retry is reported).
       */
      const journey = (title: string, run: (phone: Phone) => Promise<unknown>) =>
        test(title, { timeout: 150_000 }, async (t) => {
          const attempts = process.env.CI ? 2 : 1;
          for (let attempt = 1; ; attempt++) {
            // A WebDriver command that never answers (seen once with WebKitGTK on a loaded machine) fails the
            // attempt after 60 s instead of the test's whole time, so the retry still has its turn.
            const phone = await within(engine.newPhone(), 30_000, 'opening a phone');
            try {
              const seen = await within(run(phone), 60_000, title);
              if (seen) t.diagnostic(JSON.stringify(seen));
              if (attempt > 1) t.diagnostic(`passed on attempt ${attempt}`);
              return;
            } catch (error) {
              const slug = title.replace(/\W+/g, '-').toLowerCase();
              const file = path.join(shots, `${name}-${slug}-${attempt}.png`);
              await within(phone.screenshot(file), 5_000, 'the screenshot').then(
                () => t.diagnostic(`screenshot: ${path.relative(process.cwd(), file)}`),
                (e: Error) => t.diagnostic(`no screenshot: ${e.message}`),
              );
              if (attempt >= attempts) throw error;
              t.diagnostic(`attempt ${attempt} failed, retrying: ${(error as Error).message.split('\n')[0]}`);
            } finally {
              await within(phone.close(), 5_000, 'closing the phone').catch(() => undefined);
            }
          }
        });

      journey('the customer approves with a finger-drawn signature', (phone) => approve(phone, staff));
      journey('the customer authorises the work with a typed name', (phone) => authorise(phone, staff));
      journey('the customer opts in to texts', (phone) => optIn(phone, staff));
      journey('a link that does not open shows the neutral page', (phone) => invalidLinks(phone));
      journey('the installer marks today’s stop Arrived', (phone) => installerDay(phone, staff, tech));
    });
  }
});
