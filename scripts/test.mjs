#!/usr/bin/env node
// The one test command: domain unit tests, API tests (PGlite, or PostgreSQL when DATABASE_URL is set),
// the web's unit tests (jsdom; `vitest run` runs all three projects of vitest.config.ts),
// then the Playwright end-to-end tests in the system Chromium against the built app, and last the customer
// pages and the installer's day in WebKit and Firefox (e2e/engines/, Debian's WebKitGTK and Firefox ESR).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(`Chromium was not found at ${chromium}.
Install Debian's Chromium:   sudo apt-get update && sudo apt-get install -y chromium
or point CHROMIUM_PATH at another Chromium binary.`);
  process.exit(1);
}

// The cross-engine run's browsers (e2e/engines/README.md): Debian's packages, as Chromium.
const engines = [
  ['/usr/bin/firefox-esr', 'firefox-esr'],
  ['/usr/bin/WebKitWebDriver', 'webkit2gtk-driver'],
  ['/usr/bin/Xvfb', 'xvfb'],
].filter(([file]) => !fs.existsSync(file));
if (engines.length) {
  console.error(`${engines.map(([file]) => file).join(', ')} not found (the WebKit and Firefox run, e2e/engines/).
Install Debian's packages:   sudo apt-get update && sudo apt-get install -y ${engines.map(([, pkg]) => pkg).join(' ')}`);
  process.exit(1);
}

const run = (cmd, args) => {
  console.log(`\n▶ ${cmd} ${args.join(' ')}  (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const took = `${Math.round((Date.now() - started) / 1000)} s`;
  console.log(`${r.status === 0 ? '✔' : '✘'} ${cmd} ${args.slice(0, 3).join(' ')}: ${took}`);
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run('npx', ['vitest', 'run']);
run('npm', ['run', 'build', '-w', 'apps/web']);
// The first screen's script budget (200 KB gzipped): a change that breaks it fails the tests.
run('npm', ['run', 'budget', '-w', 'apps/web']);
// E2E_SPECS ('accessibility.spec.ts admin-resources.spec.ts …'): only those spec files of e2e/tests (CI runs the
// others beside this command); E2E_SHARD ('1/2'): only that Playwright shard.
const specs = (process.env.E2E_SPECS ?? '')
  .split(/\s+/)
  .filter(Boolean)
  .map((f) => `tests/${f.replace(/[.]/g, '\\.')}$`);
const shard = process.env.E2E_SHARD ? [`--shard=${process.env.E2E_SHARD}`] : [];
run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...shard, ...specs]);
// WebKit and Firefox at 375 px: the three public customer pages and the installer's day (a server of its own).
// E2E_ENGINES=elsewhere: CI runs them on its other line, which would otherwise finish minutes before this one.
if (process.env.E2E_ENGINES === 'elsewhere') console.log('\n▶ WebKit and Firefox: run by the other CI line');
else run('npm', ['run', 'engines', '-w', 'e2e']);
