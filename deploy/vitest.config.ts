import { defineConfig } from 'vitest/config';

// The topology test (deploy/topology/): not part of `npx vitest run` (the root config's projects), because it
// needs the built server bundle, haproxy and the local PostgreSQL. `npm run topology -w deploy` runs it.
export default defineConfig({
  test: {
    name: 'topology',
    root: import.meta.dirname,
    include: ['topology/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
