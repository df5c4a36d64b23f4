import { defineConfig } from 'vitest/config';

// Two projects: pure domain rules, and the server (API tests on PGlite, or PostgreSQL when DATABASE_URL is set).
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
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
    ],
  },
});
