import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { TEST_PEPPER, TEST_SCRYPT_COST } from '../../test/constants.js';
import { auth, login } from '../../test/harness.js';
import { type Database, migrateDatabase, openDatabase } from './client.js';
import { type SetupInput, SetupRefused, setupInstallation } from './setup.js';

const opts = { pepper: TEST_PEPPER, scryptCost: TEST_SCRYPT_COST };
const INPUT: SetupInput = {
  brandName: 'Prairie Glass Co',
  brandShortName: 'PGC',
  facilityName: 'Prairie Glass Amarillo',
  facilityShortName: 'Amarillo',
  facilityCode: 'AMA1',
  timeZone: 'America/Chicago',
  state: 'TX',
  taxRate: '0.0825',
  adminUserName: 'owner',
  adminFirstName: 'Nguyễn',
  adminLastName: 'Văn Thủy',
  adminEmail: 'owner@prairieglass.example',
  adminPin: '481907',
};

/** The first start of a production installation on an empty database (always PGlite: it needs its own). */
describe('npm run setup: the first System Admin of an empty installation', () => {
  let db: Database;
  let app: App;
  beforeAll(async () => {
    db = await openDatabase({ memory: true });
    await migrateDatabase(db);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses bad input naming each field, and writes nothing', async () => {
    const bad = { ...INPUT, timeZone: 'Mars/Olympus', adminPin: '123456', facilityCode: '', adminEmail: 'x' };
    const err = await setupInstallation(db, bad, opts).catch((e) => e);
    expect(err).toBeInstanceOf(SetupRefused);
    expect(err.message).toMatch(/timeZone: must be an IANA time zone/);
    expect(err.message).toMatch(/adminPin: /);
    expect(err.message).toMatch(/facilityCode: /);
    expect(err.message).toMatch(/adminEmail: /);
    expect(await db.rows<{ n: number }>(sql`select count(*)::int as n from brands`)).toEqual([{ n: 0 }]);
  });

  it('creates the reference data, the brand, the facility and an admin who can log in and work', async () => {
    const result = await setupInstallation(db, INPUT, opts);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-setup-'));
    const config = {
      ...loadConfig({ NODE_ENV: 'test' }),
      dataDir,
      passwordPepper: TEST_PEPPER,
      scryptCost: TEST_SCRYPT_COST,
      webDist: '/nonexistent',
    };
    app = await buildApp({ db, config, logger: false });
    await app.ready();
    const token = await login(app, { userName: 'owner', password: '481907' });
    const get = (url: string) => app.inject({ method: 'GET', url, headers: auth(token) });

    const facilities = (await get('/api/facilities')).json();
    expect(facilities).toEqual([
      expect.objectContaining({ id: result.facilityId, name: 'Prairie Glass Amarillo' }),
    ]);
    const tiles = await get('/api/UserTiles/MyTilesInfo');
    expect(tiles.statusCode).toBe(200);
    expect(JSON.stringify(tiles.json())).toContain('Employees');
    expect((await get('/api/Dispositions')).json().length).toBeGreaterThan(0);
    // The admin adds the next facility in the app.
    const created = await app.inject({
      method: 'POST',
      url: '/api/facilities',
      headers: auth(token),
      payload: {
        facilityId: -1,
        code: 'AMA2',
        name: 'Prairie Glass Canyon',
        shortName: 'Canyon',
        brandId: result.brandId,
        tzo: 360,
        taxRate: 0.0825,
        state: 'TX',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await get('/api/facilities')).json()).toHaveLength(2);
    // No demo person or demo brand was written.
    expect(await db.rows<{ n: number }>(sql`select count(*)::int as n from users`)).toEqual([{ n: 1 }]);
    expect(await db.rows<{ name: string }>(sql`select name from brands`)).toEqual([
      { name: 'Prairie Glass Co' },
    ]);
  });

  it('refuses to run again once the installation has users', async () => {
    const err = await setupInstallation(db, { ...INPUT, adminUserName: 'intruder' }, opts).catch((e) => e);
    expect(err).toBeInstanceOf(SetupRefused);
    expect(err.message).toMatch(/already has users/);
    expect(await db.rows<{ n: number }>(sql`select count(*)::int as n from users`)).toEqual([{ n: 1 }]);
  });
});
