import { problem, resourceArraySchema, resourceListSchema, resourceRowSchema } from '@glass/domain/contracts';
import { RESOURCES, type ResourceDef, valueAt } from '@glass/domain/resources/index';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app-type.js';
import { auth, createTestApp, DEMO, login, parseAs } from '../../test/harness.js';

/**
 * The generic suite: every declared resource is listed, filtered, created, updated, refused
 * invalid bodies, refused to a Reviewer and to an anonymous caller. A new resource is tested by
 * being declared.
 */
let app: App;
let admin: string;
let reviewer: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
  reviewer = await login(app, DEMO.reviewer);
});
afterAll(() => app.close());

type Body = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: Body) =>
  app.inject({ method, url, payload, headers: token ? auth(token) : {} });

let unique = 0;
/** The example with its first search property made unique (names are often unique columns). */
function sample(def: ResourceDef, suffix: string): Body {
  const body = structuredClone(def.example) as Body;
  const key = (def.search ?? []).find((k) => typeof valueAt(body, k) === 'string' && !k.includes('/'));
  if (key) body[key] = `${body[key]} ${suffix}${++unique}`;
  return body;
}
const searchKey = (def: ResourceDef, body: Body) =>
  (def.search ?? []).find((k) => typeof valueAt(body, k) === 'string' && !k.includes('/')) as string;

describe.each(RESOURCES.map((d) => [d.name, d] as const))('%s', (_name, def) => {
  it('lists with count, order and paging (OData)', async () => {
    // Pages of two (Prefer: odata.maxpagesize) within a $top of four.
    const pagesOfTwo = { ...auth(admin), prefer: 'odata.maxpagesize=2' };
    const res = await app.inject({
      method: 'GET',
      url: `${def.api.list}?$count=true&$top=4`,
      headers: pagesOfTwo,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = parseAs(resourceListSchema(def), res);
    expect(body.value.length).toBeLessThanOrEqual(2);
    expect(body['@odata.count']).toBeGreaterThanOrEqual(body.value.length);
    // The next page by position ($skiptoken, odata/keyset.ts), or by $skip where the order does not allow it;
    // it is the last one the $top allows.
    if ((body['@odata.count'] ?? 0) > 2) {
      const next = await app.inject({
        method: 'GET',
        url: body['@odata.nextLink'] ?? '',
        headers: pagesOfTwo,
      });
      const skipped = await call('GET', `${def.api.list}?$count=true&$top=2&$skip=2`, admin);
      expect(next.json().value).toEqual(skipped.json().value);
      expect(next.json()['@odata.nextLink']).toBeUndefined();
    }
    for (const [key, p] of Object.entries(def.properties)) {
      if (p.writeOnly) expect(JSON.stringify(body.value)).not.toContain(`"${key}"`);
    }
  });

  it('answers every declared array list', async () => {
    for (const list of def.api.arrays ?? []) {
      const res = await call('GET', list.path, admin);
      expect(res.statusCode, `${list.path} ${res.body}`).toBe(200);
      expect(Array.isArray(parseAs(resourceArraySchema(def, list), res))).toBe(true);
    }
  });

  it('filters by its declared filters and refuses a malformed one', async () => {
    for (const filter of def.filters ?? []) {
      const type = def.properties[filter.key].type;
      const value =
        type === 'boolean' ? 'true' : type === 'number' ? '1' : (filter.options?.[0]?.value ?? 'x');
      const res = await call(
        'GET',
        `${def.api.list}?${filter.key}=${encodeURIComponent(String(value))}&$top=50`,
        admin,
      );
      expect(res.statusCode, res.body).toBe(200);
      for (const row of parseAs(resourceListSchema(def), res).value)
        expect(String(valueAt(row, filter.key))).toBe(String(value));
      if (type !== 'string')
        expect((await call('GET', `${def.api.list}?${filter.key}=zzz`, admin)).statusCode).toBe(400);
    }
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await call('GET', def.api.list)).statusCode).toBe(401);
    if (def.write)
      expect((await call('POST', def.api.base, undefined, sample(def, 'anon'))).statusCode).toBe(401);
  });

  it.runIf(!!def.write)('creates, finds, reads and updates a record, and logs the activity', async () => {
    const body = sample(def, 'new');
    const created = await call('POST', def.api.base, admin, body);
    expect(created.statusCode, created.body).toBe(201);
    const row = parseAs(resourceRowSchema(def), created) as Body & { id: number };
    expect(row.id).toBeGreaterThan(0);
    const key = searchKey(def, body);
    expect(valueAt(row, key)).toBe(valueAt(body, key));

    const term = encodeURIComponent(String(valueAt(body, key)));
    const found = await call('GET', `${def.api.list}?searchTerm=${term}&$filter=id eq ${row.id}`, admin);
    expect(found.json().value.map((r: Body) => r.id)).toEqual([row.id]);
    expect(parseAs(resourceRowSchema(def), await call('GET', `${def.api.base}/${row.id}`, admin)).id).toBe(
      row.id,
    );

    const edited = { ...body, [key]: `${valueAt(body, key)} edited` };
    const updated = await call('PUT', `${def.api.base}/${row.id}`, admin, edited);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(valueAt(parseAs(resourceRowSchema(def), updated), key)).toBe(`${valueAt(body, key)} edited`);

    const logs = await app.deps.db.rows<{ activity: string }>(
      sql`select activity from activity_logs where record_type = ${def.singular} and record_id = ${row.id} order by id`,
    );
    expect(logs.map((l) => l.activity)).toEqual([`Created ${def.singular}`, `Updated ${def.singular}`]);
  });

  it.runIf(!!def.write)('refuses an invalid body with 400 and field messages, changing nothing', async () => {
    const res = await call('POST', def.api.base, admin, {});
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(Object.keys(parseAs(problem, res).errors ?? {}).length).toBeGreaterThan(0);
    const put = await call('PUT', `${def.api.base}/999999`, admin, sample(def, 'missing'));
    expect(put.statusCode).toBe(404);
  });

  it.runIf(!!def.write)('lets a Reviewer read but refuses the write with 403', async () => {
    if (def.read !== null) expect((await call('GET', def.api.list, reviewer)).statusCode).toBe(200);
    const res = await call('POST', def.api.base, reviewer, sample(def, 'reviewer'));
    expect(res.statusCode).toBe(403);
    const first = (await call('GET', `${def.api.list}?$top=1`, admin)).json().value[0];
    if (first)
      expect((await call('PUT', `${def.api.base}/${first.id}`, reviewer, sample(def, 'r'))).statusCode).toBe(
        403,
      );
  });
});
