import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { z } from 'zod';
import { type App, buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { DEMO, TEST_PEPPER, TEST_SCRYPT_COST } from './constants.js';

export { DEMO };

/** A fresh app over the seeded test database (a private PGlite copy, or the shared PostgreSQL). */
export async function createTestApp(
  overrides: Partial<Config> = {},
  /** Runs before the app is ready (e.g. a test's own hooks). */
  setup?: (app: App) => void,
): Promise<App> {
  const url = process.env.DATABASE_URL;
  const dump = inject('seedDump');
  const db = url
    ? await openDatabase({ databaseUrl: url })
    : await openDatabase({ memory: true, loadDataDir: dump ? new Blob([fs.readFileSync(dump)]) : undefined });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-test-'));
  // The files the seeded rows point at (a copy: tests may write files of their own).
  const seedFiles = inject('seedFiles');
  if (seedFiles && fs.existsSync(seedFiles))
    fs.cpSync(seedFiles, path.join(dataDir, 'files'), { recursive: true });
  // FILE_STORE (and S3_*) may be set to run the API tests on a shared file store; the disk by default.
  const store = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => k === 'FILE_STORE' || k.startsWith('S3_')),
  );
  const config = {
    ...loadConfig({ NODE_ENV: 'test', ...store }),
    dataDir,
    passwordPepper: TEST_PEPPER,
    scryptCost: TEST_SCRYPT_COST,
    webDist: '/nonexistent',
    ...overrides,
  };
  const app = await buildApp({ db, config, logger: false });
  app.addHook('onClose', async () => db.close());
  setup?.(app);
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

/**
 * Parses an answer with its contract schema (packages/domain/src/contracts), so a change of the
 * JSON the server builds fails the test that reads it rather than a screen. Returns the parsed body.
 */
export function parseAs<S extends z.ZodType>(
  schema: S,
  res: { statusCode: number; body: string },
): z.output<S> {
  const parsed = schema.safeParse(JSON.parse(res.body));
  if (!parsed.success)
    throw new Error(
      `the ${res.statusCode} answer does not match its contract:\n${z.prettifyError(parsed.error)}\n${res.body.slice(0, 800)}`,
    );
  return parsed.data;
}

/**
 * Grants a demo account extra facilities (decision 0016: every role but the System Admin is bound to its
 * allowed facilities) for a test that works across facilities, as an admin would grant them. Returns the undo,
 * for `afterAll`: on PostgreSQL the test files share one database.
 */
export async function grantFacilities(
  app: App,
  who: { userName: string },
  facilityIds: readonly number[],
): Promise<() => Promise<void>> {
  const [user] = await app.deps.db.rows<{ id: number }>(
    sql`select id from users where user_name = ${who.userName}`,
  );
  const added = await app.deps.db.rows<{ facilityId: number }>(
    sql`insert into user_facilities (user_id, facility_id)
        select ${user.id}, f from unnest(${`{${facilityIds.join(',')}}`}::int[]) f
        on conflict do nothing returning facility_id as "facilityId"`,
  );
  app.deps.sessions.forgetUser(user.id);
  return async () => {
    if (added.length)
      await app.deps.db.rows(
        sql`delete from user_facilities where user_id = ${user.id}
              and facility_id = any(${`{${added.map((a) => a.facilityId).join(',')}}`}::int[])`,
      );
    app.deps.sessions.forgetUser(user.id);
  };
}
