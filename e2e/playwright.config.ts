import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

/** End-to-end tests in Debian's Chromium against the built app on a freshly seeded database. */
export default defineConfig({
  testDir: './tests',
  // Two runs at once (CI's two lines, each a shard) keep their results apart: each run empties its own folder.
  outputDir: process.env.E2E_OUTPUT ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-dev-shm-usage'],
    },
    // Recording a trace for every test slows the suite by about half on a 2-core machine; a failure
    // keeps its screenshot, CI's retry records the trace, and `--trace on` records one locally.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', headless: true } }],
  webServer: {
    command: 'node server.mjs',
    cwd: import.meta.dirname,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
