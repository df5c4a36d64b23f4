import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, DEMO, login } from '../../test/harness.js';
import { PNG_1X1 } from '../../test/multipart.js';
import type { App } from '../app-type.js';
import { findNul, NUL_MESSAGE } from './input-guards.js';

/**
 * Security hole 8: a NUL character (PostgreSQL refuses it in text) in a JSON field, a query parameter or
 * an upload's file name, and multipart bodies without a boundary or cut short, answered 500 and could
 * leave files on disk without a record. Every route is probed, from the API description, with an admin
 * token: the answer is never a 500 and nothing is written.
 */
let app: App;
/** A new admin session per request: a route that ran by mistake (logout, password change) cannot spoil the next probe. */
const freshToken = () => login(app, DEMO.admin);

interface Probe {
  method: string;
  url: string;
  bodySchema?: JsonSchema;
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

const NUL = 'a\u0000b';
/** Every route of the API description (and of the route table, when the app keeps one). */
let routes: Probe[] = [];

/** A path with its parameters filled: `{id}` / `:id` / `*` become `value`. */
const fill = (url: string, value: string) =>
  url
    .replace(/\{[^}]+\}/g, value)
    .replace(/:[A-Za-z_]\w*/g, value)
    .replace(/\*$/, value);

/** A body matching the declared schema in shape, with NUL in every text. */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return NUL;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sample(alt.find((s) => s.type !== 'null') ?? alt[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (schema.enum?.length && type !== 'string') return schema.enum[0];
  switch (type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'object': {
      const out: Record<string, unknown> = { name: NUL };
      for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = sample(v, depth + 1);
      return out;
    }
    default:
      return NUL;
  }
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}
const storedFiles = async () =>
  (await app.deps.db.rows<{ n: number }>(sql`select count(*)::int as n from stored_files`))[0].n;
const storedChunks = async () =>
  (await app.deps.db.rows<{ n: number }>(sql`select count(*)::int as n from stored_file_chunks`))[0].n;

beforeAll(async () => {
  app = await createTestApp();
  const doc = (app as unknown as { swagger: () => { paths: Record<string, Record<string, any>> } }).swagger();
  const seen = new Set<string>();
  for (const [p, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const m = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(m)) continue;
      seen.add(`${m} ${fill(p, '1').toLowerCase()}`);
      routes.push({ method: m, url: p, bodySchema: op.requestBody?.content?.['application/json']?.schema });
    }
  }
  const table = (app as unknown as { routeTable?: () => { method: string; url: string }[] }).routeTable?.();
  for (const r of table ?? []) {
    if (!r.url.startsWith('/api') || !['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method)) continue;
    if (seen.has(`${r.method} ${fill(r.url, '1').toLowerCase()}`)) continue;
    routes.push({ method: r.method, url: r.url });
  }
  routes = routes.filter((r) => !r.url.startsWith('/api/docs'));
});
afterAll(() => app?.close());

describe('security: NUL characters never reach the database (hole 8)', () => {
  it('finds NUL in nested values and keys, iteratively', () => {
    expect(findNul({ a: 'x', b: [{ c: 'ok' }, { d: NUL }] })).toBe('b.1.d');
    expect(findNul({ [NUL]: 1 })).toBe(NUL);
    expect(findNul({ a: 'x', n: 1, t: true, z: null })).toBeUndefined();
    let deep: unknown = NUL;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul(deep)).toMatch(/^0(\.0)*$/);
  });

  it('probes enough routes to mean something', () => {
    expect(routes.filter((r) => r.method === 'GET').length).toBeGreaterThan(40);
    expect(routes.filter((r) => r.method !== 'GET').length).toBeGreaterThan(40);
  });

  it('every write route answers a JSON body with NUL in its texts with 400 naming the field, never 500', async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.method !== 'GET')) {
      const url = fill(r.url, '1');
      const payload = r.bodySchema ? sample(r.bodySchema) : { name: NUL };
      const res = await app.inject({
        method: r.method as 'POST',
        url,
        headers: auth(await freshToken()),
        payload: payload as object,
      });
      // Only the auth gate or the guard answers (the route never ran), and the guard names the field.
      const messages = Object.values<string[]>(res.json().errors ?? {}).flat();
      if (![401, 403].includes(res.statusCode) && !messages.some((m) => m.includes(NUL_MESSAGE)))
        failures.push(`${r.method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });

  it('names the field and says why', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { userName: '101', password: NUL },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toEqual({ password: ['password must not contain a NUL character'] });
    expect(res.body).not.toMatch(/postgres|sql|stack|\bat\s/i);
  });

  it('every GET route answers ?SearchTerm=a%00b with 400 naming the parameter, never 500', async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.method === 'GET')) {
      const url = `${fill(r.url, '1')}?SearchTerm=a%00b&$filter=a%00b`;
      const res = await app.inject({ method: 'GET', url, headers: auth(await freshToken()) });
      const errors = res.statusCode === 400 ? res.json().errors : undefined;
      // Only the auth gate or the guard answers: the route itself never read the NUL.
      if (!(errors?.SearchTerm || errors?.$filter) && ![401, 403].includes(res.statusCode))
        failures.push(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });

  it('every route with a path parameter answers a NUL in it without a 500', async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => /[{:*]/.test(x.url))) {
      const url = fill(r.url, 'a%00b');
      const res = await app.inject({
        method: r.method as 'GET',
        url,
        headers: auth(await freshToken()),
        ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
      });
      if (res.statusCode === 500 || res.statusCode < 400)
        failures.push(`${r.method} ${url}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

interface UploadRoute {
  method: 'POST' | 'PUT';
  /** The route's pattern, as declared. */
  route: string;
  /** A concrete path (parameters 1). */
  url: string;
  /** Its main file field (the first of `config.upload.fields`). */
  field: string;
}
/**
 * The upload routes: every route that declares `config.upload` in the route table. Any other route
 * refuses a multipart body with 415 before its handler (the first test below), so a new route can only
 * take files by declaring them, and is then probed here.
 */
let UPLOADS: UploadRoute[] = [];
/** Which upload routes each hostile-form probe reached ("METHOD pattern"). */
const probed = new Map<string, Set<string>>();

function form(parts: { name: string; value?: string; filename?: string; data?: Buffer }[], boundary: string) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename !== undefined ? 'Content-Type: image/png\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(p.data ?? Buffer.from(p.value ?? ''), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

describe('security: broken or hostile multipart forms are 400 and leave nothing behind (hole 8)', () => {
  let filesBefore: string[];
  let rowsBefore: number;
  let chunksBefore: number;
  beforeAll(async () => {
    filesBefore = listFiles(app.deps.config.dataDir);
    rowsBefore = await storedFiles();
    chunksBefore = await storedChunks();
    UPLOADS = app
      .routeTable()
      .filter((r) => r.upload)
      .map((r) => ({
        method: r.method as 'POST' | 'PUT',
        route: r.url,
        url: fill(r.url, '1'),
        field: r.upload?.fields[0] ?? 'file',
      }));
  });

  it('finds the upload routes in the route table (config.upload), each in the API description', () => {
    expect(UPLOADS.map((u) => `${u.method} ${u.route}`).sort()).toEqual(
      expect.arrayContaining([
        'POST /api/users/profilePicture',
        'POST /api/facilities/uploadIcon',
        'POST /api/facilities/uploadLogo',
        'PUT /api/ServiceVehicle/:id',
        'POST /api/Invoices/:id/ExtraImages',
        'POST /api/Invoices/:id/signature',
        'POST /api/Conversations/Start',
        'POST /api/Conversations/:id/Reply',
      ]),
    );
    const known = new Set(routes.map((r) => `${r.method} ${fill(r.url, '1').toLowerCase()}`));
    for (const u of UPLOADS)
      expect(known, `${u.method} ${u.url}`).toContain(`${u.method} ${u.url.toLowerCase()}`);
  });

  it('every route that declares no upload refuses a multipart form with a file: 415, its handler never runs', async () => {
    const uploads = new Set(UPLOADS.map((u) => `${u.method} ${u.route}`));
    const writes = app
      .routeTable()
      .filter(
        (r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !uploads.has(`${r.method} ${r.url}`),
      );
    expect(writes.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    let refused = 0;
    for (const r of writes) {
      const url = fill(r.url, '1');
      const res = await app.inject({
        method: r.method as 'POST',
        url,
        headers: { ...auth(await freshToken()), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: form([{ name: 'file', filename: 'a.png', data: PNG_1X1 }], boundary),
      });
      // Only the gate (machine routes, the caller's own session) or the guard answers.
      if (res.statusCode === 415) {
        refused++;
        if (!/does not take multipart/.test(res.json().errors?.body?.[0] ?? ''))
          wrong.push(`${r.method} ${url}: ${res.body.slice(0, 200)}`);
      } else if (![401, 403].includes(res.statusCode)) wrong.push(`${r.method} ${url}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(40);
  });

  const boundary = 'glassFuzzBoundary';
  const hostile: [
    string,
    (u: (typeof UPLOADS)[number]) => { headers: Record<string, string>; payload: Buffer },
    /** What the answer's field message says. */
    RegExp,
  ][] = [
    [
      'without a boundary',
      (u) => ({
        headers: { 'content-type': 'multipart/form-data' },
        payload: form([{ name: u.field, filename: 'a.png', data: PNG_1X1 }], boundary),
      }),
      /malformed or cut short/,
    ],
    [
      'cut short in the middle of the file',
      (u) => {
        const whole = form(
          [
            { name: 'Message', value: 'hello' },
            { name: u.field, filename: 'a.png', data: PNG_1X1 },
          ],
          boundary,
        );
        return {
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: whole.subarray(0, whole.length - 40),
        };
      },
      /malformed or cut short/,
    ],
    [
      'with a NUL in the file name',
      (u) => ({
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: form(
          [
            { name: 'Message', value: 'hello' },
            { name: 'Subject', value: 'hi' },
            { name: u.field, filename: 'evil\u0000.png', data: PNG_1X1 },
          ],
          boundary,
        ),
      }),
      /NUL/,
    ],
    [
      'with a NUL in a text field',
      (u) => ({
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: form(
          [
            { name: 'Message', value: NUL },
            { name: 'Caption', value: NUL },
            { name: u.field, filename: 'a.png', data: PNG_1X1 },
          ],
          boundary,
        ),
      }),
      /NUL/,
    ],
    [
      'with a NUL in a field name',
      (u) => ({
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: form(
          [
            { name: NUL, value: 'x' },
            { name: u.field, filename: 'a.png', data: PNG_1X1 },
          ],
          boundary,
        ),
      }),
      /NUL/,
    ],
  ];

  for (const [what, build, expected] of hostile) {
    it(`every upload route answers a form ${what} with 400 problem+json`, async () => {
      const failures: string[] = [];
      const reached = probed.set(what, new Set()).get(what) as Set<string>;
      for (const u of UPLOADS) {
        reached.add(`${u.method} ${u.route}`);
        const res = await app.inject({
          method: u.method,
          url: u.url,
          headers: { ...auth(await freshToken()), ...build(u).headers },
          payload: build(u).payload,
        });
        if (
          res.statusCode !== 400 ||
          !String(res.headers['content-type']).includes('application/problem+json')
        )
          failures.push(`${u.method} ${u.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (
          !Object.values<string[]>(res.json().errors ?? {})
            .flat()
            .some((m) => expected.test(m))
        )
          failures.push(`${u.method} ${u.url}: not the expected answer ${res.body.slice(0, 200)}`);
      }
      expect(failures).toEqual([]);
    });
  }

  it('too many files in one form is a 413 on file, not a 500', async () => {
    const files = Array.from({ length: 11 }, (_, i) => ({
      name: 'Files',
      filename: `${i}.png`,
      data: PNG_1X1,
    }));
    const res = await app.inject({
      method: 'POST',
      url: '/api/Invoices/1/ExtraImages',
      headers: { ...auth(await freshToken()), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: form(files, boundary),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors.file).toEqual(['Too many files in one request']);
  });

  it('probed every declared upload route with every hostile form', () => {
    const declared = UPLOADS.map((u) => `${u.method} ${u.route}`).sort();
    expect([...probed.keys()].sort()).toEqual(hostile.map(([what]) => what).sort());
    for (const [what, reached] of probed) expect([...reached].sort(), what).toEqual(declared);
  });

  // A refused upload on every route and both stores, also after its file was written:
  // files/upload-orphans.test.ts.
  it('left no file on disk, no stored_files row and no stored_file_chunks row', async () => {
    expect(listFiles(app.deps.config.dataDir)).toEqual(filesBefore);
    expect(await storedFiles()).toBe(rowsBefore);
    expect(await storedChunks()).toBe(chunksBefore);
  });
});
