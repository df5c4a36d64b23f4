import { readFileSync } from 'node:fs';
import { timeZoneForOffset } from '@glass/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-type.js';
import { auth, createTestApp, DEMO, login } from '../../../test/harness.js';

let app: App;
let admin: string;
let reviewer: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
  reviewer = await login(app, DEMO.reviewer);
});
afterAll(() => app.close());

const get = (url: string, token = admin) => app.inject({ method: 'GET', url, headers: auth(token) });
const post = (payload: object, token = admin) =>
  app.inject({ method: 'POST', url: '/api/facilities', payload, headers: auth(token) });

/** A facility of its own (a unique code, so a shared PostgreSQL database is fine). */
const facility = (extra: object = {}) => ({
  facilityId: -1,
  code: `TZ${process.pid % 10000}${Date.now() % 100000}`,
  name: 'Test Glass Time Zones',
  shortName: 'TZ test',
  tzo: 300,
  taxRate: 0.0825,
  ...extra,
});

describe('facility time zone (issue #16: an IANA zone beside the spec tzo)', () => {
  it('GET answers timeZone beside tzo; the seeded Houston facilities are America/Chicago', async () => {
    const one = await get('/api/facilities/1');
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(expect.objectContaining({ tzo: 300, timeZone: 'America/Chicago' }));
    const list = (await get('/api/facilities?IsActive=true')).json();
    for (const f of list) expect(f.timeZone).toEqual(expect.any(String));
    // The session's facility list (FacilitiesOData) carries it too: the web prints facility dates with it.
    const lookup = await get('/api/FacilitiesOData?$filter=id eq 1&$select=id,timeZone', reviewer);
    expect(lookup.json().value).toEqual([{ id: 1, timeZone: 'America/Chicago' }]);
  });

  it('saves a zone in its canonical spelling; without one a saved zone stays unless tzo changes', async () => {
    const created = await post(facility({ timeZone: 'america/new_york', tzo: 240 }));
    expect(created.statusCode, created.body).toBe(200);
    const f = created.json();
    expect(f).toEqual(expect.objectContaining({ tzo: 240, timeZone: 'America/New_York' }));
    expect((await get(`/api/facilities/${f.id}`)).json().timeZone).toBe('America/New_York');

    const base = { ...facility(), code: f.code, facilityId: f.id };
    // Phoenix keeps -7 all year: the zone is the client's choice, tzo stays as sent.
    const phoenix = await post({ ...base, tzo: 420, timeZone: 'America/Phoenix' });
    expect(phoenix.json()).toEqual(expect.objectContaining({ tzo: 420, timeZone: 'America/Phoenix' }));
    // A client that only knows the spec's tzo keeps the zone while the offset is unchanged …
    const same = await post({ ...base, tzo: 420, name: 'Renamed' });
    expect(same.json()).toEqual(expect.objectContaining({ name: 'Renamed', timeZone: 'America/Phoenix' }));
    // … and gets the offset's zone when it changes the offset.
    const moved = await post({ ...base, tzo: 360 });
    expect(moved.json()).toEqual(expect.objectContaining({ tzo: 360, timeZone: 'America/Denver' }));
    // A new facility without a zone gets its offset's zone.
    const plain = await post(facility({ code: `${f.code}b`, tzo: 600 }));
    expect(plain.json().timeZone).toBe('Pacific/Honolulu');
  });

  it('an unknown zone, an offset, a number or junk is a 400 naming timeZone and changes nothing', async () => {
    const created = (
      await post(
        facility({ code: `TZB${process.pid % 10000}${Date.now() % 100000}`, timeZone: 'Europe/Warsaw' }),
      )
    ).json();
    const base = { ...facility(), code: created.code, facilityId: created.id };
    for (const timeZone of [
      'Mars/Olympus',
      '+05:00',
      'UTC+5',
      'America/../Chicago',
      ' America/Chicago',
      'x'.repeat(300),
      42,
      true,
      ['America/Chicago'],
      { name: 'UTC' },
    ]) {
      const res = await post({ ...base, name: 'Must not be saved', timeZone });
      expect(res.statusCode, JSON.stringify(timeZone)).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(Object.keys(res.json().errors)).toEqual(['timeZone']);
      expect(res.body).not.toMatch(/at .*\.ts:|select |insert |update /i);
    }
    const after = (await get(`/api/facilities/${created.id}`)).json();
    expect(after).toEqual(expect.objectContaining({ name: created.name, timeZone: 'Europe/Warsaw' }));
  });

  it('only facility writers set it', async () => {
    const res = await post({ ...facility(), facilityId: 1, timeZone: 'America/New_York' }, reviewer);
    expect(res.statusCode).toBe(403);
    expect((await get('/api/facilities/1')).json().timeZone).toBe('America/Chicago');
  });

  it('migration 0009 maps every offset to the zone the domain maps it to', async () => {
    const migration = readFileSync(
      new URL('../../db/migrations/0009_facility_time_zone.sql', import.meta.url),
      'utf8',
    );
    const mapping = /SET "time_zone" = (CASE[\s\S]*?END)\s*WHERE/.exec(migration)?.[1];
    expect(mapping).toBeDefined();
    const offsets = [
      240, 300, 360, 420, 480, 540, 600, 0, 180, 120, -60, -120, -600, 720, -720, 330, -330, 45, 900,
    ];
    const rows = await app.deps.db.rows<{ tzo: number; zone: string }>(
      sql`select tzo, ${sql.raw(mapping as string)} as zone
          from unnest(${`{${offsets.join(',')}}`}::int[]) as f(tzo)`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.tzo, r.zone]))).toEqual(
      Object.fromEntries(offsets.map((tzo) => [tzo, timeZoneForOffset(tzo)])),
    );
  });
});
