import { RESOURCES } from '@glass/domain/resources/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auth, createTestApp, DEMO, login } from '../../test/harness.js';
import type { App } from '../app-type.js';

/**
 * Issue #31 item 5: integers beyond PostgreSQL's `integer` (2^31-1), dates in year 0000 and time-zone
 * offsets beyond ±14:00 reached the database and came back as 500s ("out of range for type integer").
 * Every route of the route table is walked: each path parameter, each query parameter its description
 * declares and each field of its JSON body is given the boundary values below, one at a time, with an
 * admin token (or the machine secret). No answer may be a 5xx, and a refusal never shows SQL.
 *
 * Bodies of mutating routes are sent with a path id that exists nowhere (the largest integer), so the run
 * changes no seeded record other tests read (on PostgreSQL the database is shared by the whole suite).
 */
let app: App;
let token = '';
const METRICS = 'm'.repeat(32);
const PBX = 'p'.repeat(32);

const INT4_MAX = 2 ** 31 - 1;
const LONG = 'x'.repeat(10 * 1024);
/** Boundary values as text: for path and query parameters. */
const TEXT_VALUES = [
  String(2 ** 31),
  '-1',
  '0',
  '1e308',
  '0000-01-01',
  '2026-01-01T10:00:00+23:59',
  '2026-01-01T10:00:00-00:00',
  LONG,
];
/** Boundary values of JSON numbers and of JSON strings. */
const NUMBER_VALUES = [2 ** 31, -(2 ** 31) - 1, -1, 0, 1e308];
const STRING_VALUES = [
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '2026-01-01T10:00:00+23:59',
  '2026-01-01T10:00:00-00:00',
  String(2 ** 31),
  LONG,
];

interface JsonSchema {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface Route {
  method: string;
  url: string;
  access: string;
  upload: boolean;
  query: { name: string; schema?: JsonSchema }[];
  body?: JsonSchema;
}

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);
const pick = (s: JsonSchema) => {
  const alt = s.anyOf ?? s.oneOf;
  return alt?.length ? (alt.find((a) => typeOf(a) !== 'null') ?? alt[0]) : s;
};

/**
 * A plausible value of a schema: the base every field's boundary value is put into. A field naming a record
 * (`…Id`, `…Ids`) names one nothing has: the writes reach validation and their handler, but change no seeded
 * record (on PostgreSQL the test files share one database: a template or an invoice written here would change
 * what the next file reads).
 */
function plausible(schema: JsonSchema | undefined, depth = 0, key = ''): unknown {
  if (!schema || depth > 5) return 'x';
  const s = pick(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return /Ids?$/.test(key) || key === 'id' ? INT4_MAX : 1;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(s.items, depth + 1, key)];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = plausible(v, depth + 1, k);
      return out;
    }
    default:
      return s.format === 'date-time' ? '2026-01-01T10:00:00Z' : s.format === 'date' ? '2026-01-01' : 'x';
  }
}

/** Every leaf of a body schema: its path (keys and array index 0) and its schema. */
function leaves(schema: JsonSchema | undefined, at: (string | number)[] = [], depth = 0) {
  const out: { path: (string | number)[]; schema: JsonSchema }[] = [];
  if (!schema || depth > 5) return out;
  const s = pick(schema);
  const t = typeOf(s);
  if (t === 'object' && s.properties) {
    for (const [k, v] of Object.entries(s.properties)) out.push(...leaves(v, [...at, k], depth + 1));
  } else if (t === 'array' && s.items) out.push(...leaves(s.items, [...at, 0], depth + 1));
  else if (at.length > 0) out.push({ path: at, schema: s });
  return out;
}

function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1] as string] = value;
  return copy;
}

const PARAM = /:([A-Za-z_]\w*)|\*$/g;
const fill = (url: string, values: Record<string, string>, other: string) =>
  url.replace(PARAM, (_m, name: string | undefined) => encodeURIComponent(values[name ?? '*'] ?? other));
const paramNames = (url: string) => [...url.matchAll(PARAM)].map((m) => m[1] ?? '*');

const routes: Route[] = [];
let seq = 0;
/** A distinct client address per request: the public pages' per-address limits must not answer instead. */
const nextAddress = () => {
  seq++;
  return `198.18.${(seq >> 8) & 255}.${seq & 255}`;
};

const failures: string[] = [];
/** Thousands of requests each: on 2 shared CI cores a walk takes a minute or two, not the default 30 s. */
const FUZZ_TIMEOUT_MS = 300_000;
/** What a database message or a stack trace looks like in an answer. */
const SQL_OR_STACK =
  /postgres|sqlstate|relation "|column "|for type (integer|date|timestamp)|invalid input syntax|\.[jt]s:\d+|\bat [\w.<>]+ \(/i;
let sent = 0;

async function probe(r: Route, url: string, payload?: unknown) {
  const headers: Record<string, string> =
    r.access === 'machine'
      ? { authorization: `Bearer ${url.includes('callLog') ? PBX : METRICS}` }
      : r.access === 'public'
        ? {}
        : auth(token);
  const send = () =>
    app.inject({
      method: r.method as 'GET',
      url,
      headers,
      remoteAddress: nextAddress(),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  let res = await send();
  sent++;
  if (res.statusCode === 401 && r.access === 'user') {
    // A probe ended the session (logout, a password change refused or not): sign in again and retry.
    token = await login(app, DEMO.admin);
    headers.authorization = auth(token).authorization;
    res = await send();
  }
  const where = `${r.method} ${url.slice(0, 120)}${payload !== undefined ? ` ${JSON.stringify(payload).slice(0, 160)}` : ''}`;
  if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  else if (res.statusCode >= 400 && SQL_OR_STACK.test(res.body))
    failures.push(`${where}: leaks ${res.body.slice(0, 200)}`);
  return res;
}

beforeAll(async () => {
  app = await createTestApp({ metricsToken: METRICS, pbxToken: PBX });
  token = await login(app, DEMO.admin);
  const doc = (app as unknown as { swagger: () => { paths: Record<string, Record<string, any>> } }).swagger();
  const described = new Map<string, any>();
  for (const [p, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops))
      described.set(`${method.toUpperCase()} ${p.replace(/\{([^}]+)\}/g, ':$1').toLowerCase()}`, op);
  // The generic resource routes take any object and parse it with the resource's own schema.
  const resourceBody = new Map<string, JsonSchema>();
  for (const def of RESOURCES) {
    const schema = z.toJSONSchema(def.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    resourceBody.set(`POST ${def.api.base.toLowerCase()}`, schema);
    resourceBody.set(`PUT ${def.api.base.toLowerCase()}/:id`, schema);
  }
  for (const r of app.routeTable()) {
    if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method)) continue;
    if (!r.url.startsWith('/api') && r.url !== '/metrics') continue;
    if (r.url.startsWith('/api/docs')) continue;
    const op = described.get(`${r.method} ${r.url.toLowerCase()}`);
    const parameters: { in: string; name: string; schema?: JsonSchema }[] = op?.parameters ?? [];
    routes.push({
      method: r.method,
      url: r.url,
      access: r.access.kind,
      upload: Boolean(r.upload),
      query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
      body:
        resourceBody.get(`${r.method} ${r.url.toLowerCase()}`) ??
        op?.requestBody?.content?.['application/json']?.schema,
    });
  }
});
afterAll(() => app?.close());

describe('boundary values never give a 5xx (issue #31 item 5)', () => {
  it('walks every route of the route table', () => {
    expect(routes.length).toBeGreaterThan(250);
    expect(routes.filter((r) => paramNames(r.url).length > 0).length).toBeGreaterThan(120);
  });

  it(
    'every path parameter, with every boundary value',
    async () => {
      failures.length = 0;
      for (const r of routes) {
        const names = paramNames(r.url);
        for (const name of names) {
          for (const value of TEXT_VALUES) {
            // Other parameters: a real id on reads, an id nothing has on writes (nothing seeded changes).
            const url = fill(r.url, { [name]: value }, r.method === 'GET' ? '1' : String(INT4_MAX));
            await probe(r, url, r.method === 'GET' || r.method === 'DELETE' || r.upload ? undefined : {});
          }
        }
      }
      expect(failures).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'every declared query parameter, with every boundary value',
    async () => {
      failures.length = 0;
      for (const r of routes) {
        const base = fill(r.url, {}, r.method === 'GET' ? '1' : String(INT4_MAX));
        for (const q of r.query) {
          for (const value of TEXT_VALUES) {
            const url = `${base}?${encodeURIComponent(q.name)}=${encodeURIComponent(value)}`;
            await probe(r, url, r.method === 'GET' || r.method === 'DELETE' || r.upload ? undefined : {});
          }
        }
      }
      expect(failures).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'every field of every JSON body, with the boundary values of its type',
    async () => {
      failures.length = 0;
      let fields = 0;
      for (const r of routes) {
        if (!r.body || r.upload || r.method === 'GET') continue;
        const url = fill(r.url, {}, String(INT4_MAX));
        const base = plausible(r.body);
        for (const leaf of leaves(r.body)) {
          fields++;
          const t = typeOf(leaf.schema);
          const values =
            t === 'integer' || t === 'number'
              ? NUMBER_VALUES
              : t === 'string'
                ? STRING_VALUES
                : [2 ** 31, 1e308, '0000-01-01', String(2 ** 31)];
          for (const value of values) await probe(r, url, withValue(base, leaf.path, value));
        }
      }
      expect(fields).toBeGreaterThan(200);
      expect(failures).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );
});

/** The count of requests, for the record (the run time stays modest in CI). */
afterAll(() => {
  console.info(`boundary fuzz: ${routes.length} routes, ${sent} requests`);
});
