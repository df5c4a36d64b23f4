import { can } from '@glass/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, DEMO, login } from '../../../test/harness.js';
import type { App } from '../../app.js';
import { ENTITY_SETS } from './entity-sets.js';

let app: App;
let admin: string;
let tech: string;

beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
  tech = await login(app, DEMO.repairTech);
});
afterAll(() => app?.close());

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });

describe('OData service document and $metadata', () => {
  it('need a signed-in user', async () => {
    for (const url of ['/api/', '/api', '/api/$metadata', '/API/$METADATA']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('the service document lists the entity sets the role may read, with their URLs', async () => {
    const res = await get('/api/', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['odata-version']).toBe('4.0');
    const body = res.json();
    expect(body['@odata.context']).toMatch(/^https?:\/\/[^/]+\/api\/\$metadata$/);
    const names = body.value.map((s: { name: string }) => s.name);
    expect(names).toEqual(ENTITY_SETS.map((s) => s.name));
    expect(new Set(names).size).toBe(names.length);
    expect(body.value).toContainEqual({ name: 'Invoices', kind: 'EntitySet', url: 'Invoices' });
    // Every set is served at its name (the route is elsewhere for four of them).
    for (const set of body.value) expect(set.url).toBe(set.name);

    // A repair technician does not see the admin lists (activity logs), even by name.
    const techSets = (await get('/api', tech)).json().value.map((s: { name: string }) => s.name);
    expect(techSets).toContain('Invoices');
    expect(techSets).not.toContain('ActivityLogs');
    expect(techSets).toEqual(ENTITY_SETS.filter((s) => can(5, s.action)).map((s) => s.name));
    const techCsdl = (await get('/api/$metadata', tech)).body;
    expect(techCsdl).not.toContain('ActivityLogs');
  });

  it('every set answers at its route too, with @odata.context pointing at its entity set', async () => {
    for (const set of ENTITY_SETS) {
      const res = await get(`/api/${set.url}?$top=1`, admin);
      expect(res.statusCode, set.url).toBe(200);
      expect(res.json()['@odata.context'], set.url).toMatch(new RegExp(`/api/\\$metadata#${set.name}$`));
    }
  });

  it('every set of the service document answers at its name, with /$count and the same count', async () => {
    const sets = (await get('/api/', admin)).json().value as { name: string; url: string }[];
    const csdlText = (await get('/api/$metadata', admin)).body;
    for (const set of sets) {
      // The entity set a client built from $metadata addresses is the one the service document names.
      expect(csdlText, set.name).toContain(`<EntitySet Name="${set.name}" `);
      const res = await get(`/api/${set.name}?$top=1&$count=true`, admin);
      expect(res.statusCode, set.name).toBe(200);
      expect(res.json()['@odata.context'], set.name).toMatch(new RegExp(`/api/\\$metadata#${set.name}$`));
      const count = await get(`/api/${set.name}/$count`, admin);
      expect(count.statusCode, `${set.name}/$count`).toBe(200);
      expect(count.headers['content-type'], set.name).toContain('text/plain');
      expect(count.body, set.name).toBe(String(res.json()['@odata.count']));
    }
    for (const name of [
      'OutstandingInvoices',
      'FinalizingInvoices',
      'AdminLostReasons',
      'AdminDispositionReasons',
    ])
      expect(sets.map((s) => s.name)).toContain(name);
    // The plain list of active lost reasons keeps its own address.
    expect(Array.isArray((await get('/api/LostReasons', admin)).json())).toBe(true);
  });

  it('/$count counts what $filter selects, whatever $top, $skip, $orderby and $select say', async () => {
    const filter = encodeURIComponent('totalCost gt 100');
    const listed = (await get(`/api/Invoices?$filter=${filter}&$count=true&$top=0`, admin)).json();
    const expected = String(listed['@odata.count']);
    for (const path of [
      `/api/Invoices/$count?$filter=${filter}`,
      `/api/Invoices/%24count?$filter=${filter}&$top=2&$skip=5&$orderby=id desc&$select=id`,
      `/api/invoices/$COUNT/?$filter=${filter}`,
    ]) {
      const res = await get(path, admin);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.headers['odata-version']).toBe('4.0');
      expect(res.body, path).toBe(expected);
    }
    expect(Number(expected)).toBeGreaterThan(0);
    expect((await get('/api/Invoices/$count', admin)).body).not.toBe(expected);
    // A route's own parameters and scoping apply (reconcile's date range).
    const range = 'start=2000-01-01T00:00:00Z&end=2000-01-02T00:00:00Z';
    expect((await get(`/api/ReconcileInvoices/$count?${range}`, admin)).body).toBe('0');
    // Errors are the list's: a bad filter is 400 naming $filter, no token 401, a role without the list 403.
    const bad = await get('/api/Invoices/$count?$filter=nope eq 1', admin);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['$filter']);
    expect((await get('/api/Invoices/$count')).statusCode).toBe(401);
    expect((await get('/api/ActivityLogs/$count', tech)).statusCode).toBe(403);
    expect((await get('/api/OutstandingInvoices/$count', admin)).body).toBe(
      (await get('/api/Invoices/outstanding/$count', admin)).body,
    );
  });

  it('numbers are the integer type of their column (ids and counts), every key an integer', async () => {
    const body = (await get('/api/$metadata', admin)).body;
    /** entity or complex type → property → Edm type, and each entity type's keys. */
    const types = new Map<string, Map<string, string>>();
    const keys = new Map<string, string[]>();
    for (const m of body.matchAll(/<(EntityType|ComplexType) Name="([^"]+)">(.*?)<\/\1>/g)) {
      const props = new Map(
        [...m[3].matchAll(/<Property Name="([^"]+)" Type="([^"]+)"/g)].map((p) => [p[1], p[2]]),
      );
      types.set(m[2], props);
      keys.set(
        m[2],
        [...m[3].matchAll(/<PropertyRef Name="([^"]+)"/g)].map((k) => k[1]),
      );
    }
    const columns = new Map(
      (
        await app.deps.db.rows<{ t: string; c: string; type: string }>(
          sql`select table_name as t, column_name as c, data_type as type from information_schema.columns
              where table_schema = current_schema()`,
        )
      ).map((r) => [`${r.t}.${r.c}`, r.type]),
    );
    const EDM: Record<string, string> = {
      smallint: 'Edm.Int16',
      integer: 'Edm.Int32',
      bigint: 'Edm.Int64',
      numeric: 'Edm.Decimal',
      uuid: 'Edm.Guid',
    };
    const wrong: string[] = [];
    let checked = 0;
    for (const set of ENTITY_SETS) {
      const props = types.get(set.name)!;
      for (const key of keys.get(set.name) ?? []) {
        if (!/^Edm\.(Int16|Int32|Int64|Guid|String)$/.test(props.get(key) ?? ''))
          wrong.push(`${set.name}.${key} key is ${props.get(key)}`);
      }
      // Plain columns of the base table (`alias.column`): the Edm type follows the column's.
      const m = /^\s*([a-z_][a-z0-9_]*)\s+(?:as\s+)?([a-z_][a-z0-9_]*)/i.exec(set.resource.from);
      if (!m) continue;
      for (const [path, field] of Object.entries(set.resource.fields)) {
        if (field.type !== 'number' || field.select === false || path.includes('/')) continue;
        const col = new RegExp(`^${m[2]}\\.([a-z_][a-z0-9_]*)$`).exec(field.sql.trim());
        const pgType = col && columns.get(`${m[1]}.${col[1]}`);
        if (!pgType || !EDM[pgType]) continue;
        checked++;
        if (props.get(path) !== EDM[pgType])
          wrong.push(`${set.name}.${path} (${pgType}) is ${props.get(path)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(50);
    // Computed counts are integers too (count(*) is bigint), money stays decimal.
    expect(types.get('Invoices')?.get('id')).toBe('Edm.Int32');
    expect(types.get('Invoices')?.get('totalCost')).toBe('Edm.Decimal');
    expect(body).not.toMatch(/<PropertyRef Name="id"\/><\/Key><Property Name="id" Type="Edm.Decimal"/);
  });

  it('$metadata is CSDL XML; other formats are 501', async () => {
    const res = await get('/api/$metadata', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<EntitySet Name="Invoices" EntityType="Glass.Invoices"/>');
    expect(res.body).toContain('<Key><PropertyRef Name="id"/></Key>');
    expect((await get('/api/$metadata?$format=json', admin)).statusCode).toBe(501);
    expect((await get('/api/$metadata?$format=xml', admin)).statusCode).toBe(200);
    const docs = await get('/api/docs/json', admin);
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(expect.arrayContaining(['/api/', '/api/$metadata']));
  });
});

describe('nulls first ascending and last descending on a real list', () => {
  it('invoices $orderby=followUpAt asc puts the invoices without a follow-up first; desc puts them last', async () => {
    // Independent of the seed's size: the counts come from the server, and only the rows around the
    // boundary between nulls and dates are read (pages of a few rows, under any $top cap).
    const count = async (filter: string) => {
      const res = await get(`/api/Invoices?$filter=${filter}&$count=true&$top=0`, admin);
      expect(res.statusCode).toBe(200);
      return res.json()['@odata.count'] as number;
    };
    const page = async (order: string, skip: number, top: number) => {
      const res = await get(
        `/api/Invoices?$select=id,followUpAt&$orderby=${order}&$skip=${skip}&$top=${top}`,
        admin,
      );
      expect(res.statusCode).toBe(200);
      return (res.json().value as { id: number; followUpAt: string | null }[]).map((r) => r.followUpAt);
    };
    const nulls = await count('followUpAt eq null');
    const set = await count('followUpAt ne null');
    // The seed has both (else this test would prove nothing).
    expect(nulls).toBeGreaterThan(0);
    expect(set).toBeGreaterThan(0);
    expect(nulls + set).toBe(await count(''));

    // ascending: every null, then the dates in order
    expect((await page('followUpAt asc', 0, 1))[0]).toBeNull();
    const ascBoundary = await page('followUpAt asc', nulls - 1, 2);
    expect(ascBoundary[0]).toBeNull();
    expect(ascBoundary[1]).not.toBeNull();
    const ascDates = (await page('followUpAt asc', nulls, Math.min(50, set))).map((d) =>
      Date.parse(d as string),
    );
    expect(ascDates.every((d) => !Number.isNaN(d))).toBe(true);
    expect(ascDates).toEqual([...ascDates].sort((a, b) => a - b));
    const ascLast = await page('followUpAt asc', nulls + set - 1, 2);
    expect(ascLast).toHaveLength(1);
    expect(ascLast[0]).not.toBeNull();

    // descending: the dates from the latest, then every null
    const descDates = (await page('followUpAt desc', 0, Math.min(50, set))).map((d) =>
      Date.parse(d as string),
    );
    expect(descDates.every((d) => !Number.isNaN(d))).toBe(true);
    expect(descDates).toEqual([...descDates].sort((a, b) => b - a));
    const descBoundary = await page('followUpAt desc', set - 1, 2);
    expect(descBoundary[0]).not.toBeNull();
    expect(descBoundary[1]).toBeNull();
    const descLast = await page('followUpAt desc', nulls + set - 1, 2);
    expect(descLast).toEqual([null]);
  });
});

describe('system query options the lists do not implement', () => {
  it.each([
    ['$apply=groupby((facilityId))', 501, '$apply'],
    ['$compute=totalCost as t', 501, '$compute'],
    ['$levels=2', 501, '$levels'],
    ['$format=xml', 501, '$format'],
    ['$schemaversion=1', 501, '$schemaversion'],
    ['$search=Cruz', 501, '$search'],
    ['$foo=1', 400, '$foo'],
    ['%24APPLY=x', 501, '$apply'],
  ])('GET /api/Invoices?%s → %i', async (query, status, field) => {
    const res = await get(`/api/Invoices?${query}`, admin);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it('$format=json and gt/ge/lt/le with null are answered', async () => {
    expect((await get('/api/Invoices?$format=json&$top=1', admin)).statusCode).toBe(200);
    const res = await get('/api/Invoices?$filter=followUpAt ge null&$select=followUpAt&$top=50', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().value.every((r: any) => r.followUpAt === null)).toBe(true);
    const none = await get(
      '/api/Invoices?$filter=followUpAt gt null or null lt followUpAt&$count=true&$top=0',
      admin,
    );
    expect(none.json()['@odata.count']).toBe(0);
  });

  it('$search matches every term in the declared search fields of an admin list', async () => {
    const brands = (await get('/api/Brands?$select=id,name,shortName', admin)).json().value as any[];
    const one = brands[0];
    const term = String(one.name).slice(1, 4).toUpperCase();
    const res = await get(`/api/Brands?$search=${encodeURIComponent(term)}&$select=id,name,shortName`, admin);
    expect(res.statusCode).toBe(200);
    const found = res.json().value as any[];
    expect(found.map((b) => b.id)).toContain(one.id);
    for (const b of found) expect(`${b.name} ${b.shortName}`.toUpperCase()).toContain(term);
    expect((await get('/api/Brands?$search=zzzz%20qqqq', admin)).json().value).toEqual([]);
    expect((await get('/api/Brands?$search=a%20OR%20b', admin)).statusCode).toBe(501);
  });
});
