import { defineConfig } from 'vitest/config';

// Three projects: pure domain rules, the server (API tests on PGlite, or PostgreSQL when DATABASE_URL is set),
// and the web's data layer, hooks and mappers (jsdom, fetch mocked).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          pool: 'forks',
          // One process runs the files one after another without re-importing the app for each (every file
          // builds its own app and database with createTestApp; no test changes process.env or mocks a module).
          // Importing per file took 300 of the line's 850 s.
          isolate: false,
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      // Forms of antd in jsdom take seconds when the machine is busy (CI runs two lines on 2 cores): the timeout is
      // a guard against a hang, not a speed check.
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 20_000,
          setupFiles: ['apps/web/src/test-setup.ts'],
        },
      },
    ],
  },
});
