import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app-type.js';
import {
  dutyState,
  employeeList,
  facilityODataRow,
  messageGroups,
  odataPage,
  phoneLookupResult,
  pickList,
  problem,
  searchResult,
  selectFacilityResponse,
  selfUser,
  tileList,
} from '@glass/domain/contracts';
import { z } from 'zod';
import { auth, createTestApp, DEMO, login, parseAs } from '../../test/harness.js';

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
const post = (url: string, payload: unknown, token = admin) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: auth(token) });

describe('tiles', () => {
  it('MyTilesInfo lists the tiles with their flags, displayed ones first', async () => {
    const res = await get('/api/UserTiles/MyTilesInfo');
    expect(res.statusCode).toBe(200);
    const tiles = parseAs(tileList, res);
    expect(tiles.length).toBeGreaterThan(30);
    expect(tiles[0]).toEqual(
      expect.objectContaining({
        name: expect.any(String),
        url: expect.stringMatching(/^\//),
        tileId: expect.any(Number),
      }),
    );
    expect(tiles.filter((t: any) => t.isDisplayed).length).toBeGreaterThan(0);
  });

  it('SaveMyTilesInfo stores the order and flags and returns them', async () => {
    const token = await login(app, DEMO.manager);
    const tiles = parseAs(tileList, await get('/api/UserTiles/MyTilesInfo', token));
    const reordered = [tiles[1], tiles[0], ...tiles.slice(2)].map((t: any, i: number) => ({
      ...t,
      isDisplayed: i < 5,
      isSmallTile: i === 0,
      hasShortcut: i < 4,
    }));
    const res = await post('/api/UserTiles/SaveMyTilesInfo', { tiles: reordered }, token);
    expect(res.statusCode).toBe(200);
    expect(parseAs(tileList, res)[0].tileId).toBe(tiles[1].tileId);
    const saved = parseAs(tileList, await get('/api/UserTiles/MyTilesInfo', token));
    expect(saved[0].tileId).toBe(tiles[1].tileId);
    expect(saved[0].isSmallTile).toBe(true);
    expect(saved.filter((t: any) => t.isDisplayed)).toHaveLength(5);
  });

  it('refuses unknown tiles and malformed bodies with 400, changing nothing', async () => {
    const before = (await get('/api/UserTiles/MyTilesInfo')).body;
    const bad = await post('/api/UserTiles/SaveMyTilesInfo', {
      tiles: [{ tileId: 999999, isDisplayed: true, isSmallTile: false, hasShortcut: false }],
    });
    expect(bad.statusCode).toBe(400);
    expect(parseAs(problem, bad).errors?.tiles).toBeDefined();
    const malformed = await post('/api/UserTiles/SaveMyTilesInfo', { tiles: [{ tileId: 'x' }] });
    expect(malformed.statusCode).toBe(400);
    expect((await get('/api/UserTiles/MyTilesInfo')).body).toBe(before);
  });
});

describe('duty and facility', () => {
  it('GetOnDuty defaults to on; ToggleOnDuty sets it with the location', async () => {
    const token = await login(app, DEMO.leadTech);
    expect(parseAs(dutyState, await get('/api/Users/GetOnDuty', token))).toEqual({ onDuty: true });
    const off = await post('/api/Users/ToggleOnDuty', { onDuty: false }, token);
    expect(parseAs(dutyState, off)).toEqual({ onDuty: false });
    expect(parseAs(dutyState, await get('/api/Users/GetOnDuty', token))).toEqual({ onDuty: false });
    const on = await post(
      '/api/Users/ToggleOnDuty',
      { onDuty: true, latitude: 29.94, longitude: -95.52 },
      token,
    );
    expect(parseAs(dutyState, on)).toEqual({ onDuty: true });
    expect((await post('/api/Users/ToggleOnDuty', { latitude: 123 }, token)).statusCode).toBe(400);
  });

  it('SelectFacility switches the facility shown by /api/self; an unknown one is 400', async () => {
    // The System Admin may work at any facility (decision 0016); a facility-bound role only at its own.
    const token = await login(app, DEMO.admin);
    const facilities = parseAs(
      odataPage(facilityODataRow),
      await get('/api/FacilitiesOData?$filter=isActive%20eq%20true', token),
    ).value;
    expect(facilities.length).toBeGreaterThanOrEqual(5); // other test files add facilities on a shared database
    const target = facilities[facilities.length - 1];
    const res = await post('/api/Users/SelectFacility', { facilityId: target.id }, token);
    expect(res.statusCode).toBe(200);
    expect(parseAs(selectFacilityResponse, res).facility.id).toBe(target.id);
    expect(parseAs(selfUser, await get('/api/self', token)).facility?.id).toBe(target.id);
    const bad = await post('/api/Users/SelectFacility', { facilityId: 987654 }, token);
    expect(bad.statusCode).toBe(400);
    expect(parseAs(problem, bad).errors?.facilityId).toBeDefined();
  });

  it('writes an activity log row for each change', async () => {
    const token = await login(app, DEMO.repairTech);
    await post('/api/Users/ToggleOnDuty', { onDuty: true }, token);
    const rows = await app.deps.db.rows<{ n: number }>(
      (await import('drizzle-orm'))
        .sql`select count(*)::int as n from activity_logs a join users u on u.id = a.user_id
        where u.user_name = '105' and a.activity = 'On duty'`,
    );
    expect(rows[0].n).toBeGreaterThan(0);
  });
});

describe('start-up lists', () => {
  it.each([
    ['/api/customerWaitingOptions', pickList],
    ['/api/loanerCarTypes', pickList],
    ['/api/Dispositions', pickList],
    ['/api/LostReasons', pickList],
    ['/api/PartTypes', pickList],
    ['/api/ReplacementPartStatuses', pickList],
    ['/api/MessageGroups', messageGroups],
    ['/api/users/employeeList', employeeList],
    ['/api/vendors', z.array(z.unknown())],
    ['/api/phoneExtensions/list', z.array(z.unknown())],
  ] as const)('%s answers a non-empty list', async (url, schema) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(parseAs(schema, res).length).toBeGreaterThan(0);
  });

  it('every one of them needs a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/loanerCarTypes' })).statusCode).toBe(401);
  });
});

describe('OData lists', () => {
  it('ServiceVehicles: repairCount ge 4, top 5, count → envelope with count and no nextLink ($top is all)', async () => {
    const res = await get('/api/ServiceVehicles?$filter=repairCount%20ge%204&$top=5&$count=true');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body['@odata.count']).toBeGreaterThan(5);
    expect(body.value).toHaveLength(5);
    expect(body.value.every((r: any) => r.repairCount >= 4)).toBe(true);
    expect(body['@odata.nextLink']).toBeUndefined();
    // Without $top, the list's pages of 100 link on by position.
    const all = (await get('/api/ServiceVehicles?$count=true')).json();
    expect(all['@odata.count']).toBeGreaterThan(100);
    expect(all['@odata.nextLink']).toContain('$skiptoken=');
  });

  it('Invoices: date window, default order lost, FollowUpAt asc, OpenDateTime desc', async () => {
    const from = new Date(Date.now() - 90 * 86400_000).toISOString();
    const res = await get(`/api/Invoices?$filter=OpenDateTime ge ${from}&$top=50&$count=true`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().value;
    expect(rows.length).toBeGreaterThan(0);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1], rows[i]];
      expect(Number(a.lost)).toBeLessThanOrEqual(Number(b.lost));
    }
  });

  it.each([
    "$filter=repairCount eq 'x'",
    '$filter=nosuchfield eq 1',
    '$filter=(repairCount eq 1',
    '$filter=id eq 1; drop table invoices;--',
    '$orderby=password_hash',
    '$top=-1',
    '$select=passwordHash',
  ])('hostile or wrong %s is a 400 naming the option', async (q) => {
    const res = await get(`/api/ServiceVehicles?${encodeURI(q)}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)[0]).toMatch(/^\$/);
  });
});

describe('search', () => {
  it('finds by the last digits of a phone', async () => {
    const [inv] = (
      await get('/api/Invoices?$filter=customerPhone ne null&$top=1&$select=id,customerPhone')
    ).json().value;
    const res = await get(`/api/search?phone=${inv.customerPhone.slice(-7)}`);
    expect(res.statusCode).toBe(200);
    expect(parseAs(searchResult, res).invoices.map((i) => i.id)).toContain(inv.id);
  });

  it('phone lookup lists customers, service vehicles and invoices', async () => {
    const [inv] = (
      await get('/api/Invoices?$filter=customerPhone ne null&$top=1&$select=id,customerPhone')
    ).json().value;
    const res = await get(`/api/phone/lookup?phone=${inv.customerPhone.slice(-4)}`);
    expect(res.statusCode).toBe(200);
    const body = parseAs(phoneLookupResult, res);
    expect(body.serviceVehicles).toBeDefined();
    expect(body.customers.length).toBeGreaterThan(0);
    expect(body.invoices.length).toBeGreaterThan(0);
  });

  it('needs a field; refuses short phones and letters', async () => {
    expect((await get('/api/search')).statusCode).toBe(400);
    expect((await get('/api/search?phone=12')).statusCode).toBe(400);
    expect((await get('/api/phone/lookup?phone=abcd')).statusCode).toBe(400);
  });

  it('by invoice id returns exactly that invoice', async () => {
    const [inv] = (await get('/api/Invoices?$top=1&$select=id')).json().value;
    const res = parseAs(searchResult, await get(`/api/search?invoiceId=${inv.id}`));
    expect(res.invoices.map((i) => i.id)).toEqual([inv.id]);
  });
});

describe('roles', () => {
  it('a Reviewer reads lists but the role matrix refuses writes with 403', async () => {
    expect((await get('/api/Invoices?$top=1', reviewer)).statusCode).toBe(200);
    // self settings are allowed even for read-only roles
    expect((await post('/api/Users/ToggleOnDuty', { onDuty: true }, reviewer)).statusCode).toBe(200);
  });
});
