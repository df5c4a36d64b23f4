import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { DEMO, TEST_PEPPER, TEST_SCRYPT_COST } from './constants.js';

export { DEMO };

/** A fresh app over the seeded test database (a private PGlite copy, or the shared PostgreSQL). */
export async function createTestApp(): Promise<App> {
  const url = process.env.DATABASE_URL;
  const dump = inject('seedDump');
  const db = url
    ? await openDatabase({ databaseUrl: url })
    : await openDatabase({ memory: true, loadDataDir: dump ? new Blob([fs.readFileSync(dump)]) : undefined });
  const config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'glass-test-')),
    passwordPepper: TEST_PEPPER,
    scryptCost: TEST_SCRYPT_COST,
    webDist: '/nonexistent',
  };
  const app = await buildApp({ db, config, logger: false });
  app.addHook('onClose', async () => db.close());
  await app.ready();
  return app;
}

let ipCounter = 1;
/** A distinct client address per login so throttling tests do not bleed into each other. */
export const nextIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

export async function login(app: App, who: { userName: string; password: string }): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { ...who, tzo: 300 },
    remoteAddress: nextIp(),
  });
  if (res.statusCode !== 200) throw new Error(`login ${who.userName} failed: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });
