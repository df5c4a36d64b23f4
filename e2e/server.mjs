// Starts the app for the end-to-end tests: a fresh seeded database (PGlite in e2e/.data, or the
// PostgreSQL of DATABASE_URL reset first), then the server on E2E_PORT serving the built web app.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// One data folder per port, so two runs on different ports (E2E_PORT) do not share a database.
const dataDir = path.join(import.meta.dirname, '.data', process.env.E2E_PORT ?? '3100');
fs.rmSync(dataDir, { recursive: true, force: true });
// The built web app is served through a symbolic link, as a release directory often is: tests/deploy-open-tab
// deploys another build under an open tab by pointing the link at it. E2E_WEB_DIST names another build (CI's second
// line runs half the tests on a copy, so the first line may rebuild apps/web/dist meanwhile).
const webLink = path.join(dataDir, 'web');
fs.mkdirSync(dataDir, { recursive: true });
fs.symlinkSync(process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist'), webLink);
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  WEB_DIST: webLink,
  PORT: process.env.E2E_PORT ?? '3100',
  HOST: '127.0.0.1',
  SCRYPT_COST: '16384',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  // The phone system's secret for POST /api/callLog/ingest (e2e/tests/call-center.spec.ts sends it).
  PBX_TOKEN: process.env.PBX_TOKEN ?? 'e2e-pbx-token-0123456789abcdef',
};
const tsx = path.join(root, 'node_modules/.bin/tsx');
const seed = spawnSync(
  tsx,
  ['apps/server/src/db/seed/cli.ts', '--reset', '--scale', process.env.E2E_SEED_SCALE ?? '0.2'],
  {
    cwd: root,
    env,
    stdio: 'inherit',
  },
);
if (seed.status !== 0) process.exit(seed.status ?? 1);
const server = spawn(tsx, ['apps/server/src/main.ts'], { cwd: root, env, stdio: 'inherit' });
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
