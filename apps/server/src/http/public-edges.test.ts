import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_PEPPER, TEST_SCRYPT_COST } from '../../test/constants.js';
import { auth, createTestApp, DEMO, login } from '../../test/harness.js';
import { buildApp } from '../app.js';
import type { App } from '../app-type.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';

/**
 * Issue #31 items 6 and 8, on an app that serves a stub web build and writes its log to a stream:
 * - no link secret (an approval's guid, an opt-in hash, an initiate token `t`, a download's `sig`) reaches
 *   the request log, over every public route of the route table and the customer pages, in any spelling;
 * - the customer pages' headers are chosen from the decoded path; `/api;x/…` and full-width letters are
 *   the API's 404, not the page; a repeated `?t=` is the neutral page; the API docs need a sign-in and are
 *   not served in production.
 */
let app: App;
let dist: string;
const lines: string[] = [];
let seq = 0;
const address = () => `198.19.${(++seq >> 8) & 255}.${seq & 255}`;
const secret = () => `S3cr3t${randomBytes(8).toString('hex')}`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-web-stub-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Glass stub build</title>');
  const stream = new PassThrough();
  stream.on('data', (chunk) => lines.push(...String(chunk).split('\n').filter(Boolean)));
  const dump = inject('seedDump');
  const db = process.env.DATABASE_URL
    ? await openDatabase({ databaseUrl: process.env.DATABASE_URL })
    : await openDatabase({ memory: true, loadDataDir: dump ? new Blob([fs.readFileSync(dump)]) : undefined });
  app = await buildApp({
    db,
    config: {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }),
      passwordPepper: TEST_PEPPER,
      scryptCost: TEST_SCRYPT_COST,
      webDist: dist,
    },
    logStream: stream,
  });
  app.addHook('onClose', async () => db.close());
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('no link secret in the request log (issue #31 item 6)', () => {
  it('over every public route of the route table and the customer pages, in any spelling', async () => {
    const secrets: string[] = [];
    const requests: { method: string; url: string }[] = [];
    const publicRoutes = app
      .routeTable()
      .filter(
        (r) => r.access.kind === 'public' && ['GET', 'POST'].includes(r.method) && r.url.startsWith('/api'),
      );
    expect(publicRoutes.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/public/approvals/:id',
        '/api/public/initiate/:id',
        '/api/public/opt-in/:hash',
        '/api/Invoices/:id/pdf/:fileName',
      ]),
    );
    for (const r of publicRoutes) {
      const url = r.url.replace(/:[A-Za-z_]\w*|\*/g, () => {
        const s = secret();
        secrets.push(s);
        return s;
      });
      const [t, t2, sig] = [secret(), secret(), secret()];
      secrets.push(t, t2, sig);
      requests.push({ method: r.method, url: `${url}?t=${t}&t=${t2}&sig=${sig}&u=1&exp=1` });
    }
    for (const page of [
      'sign-approval',
      '%73ign-approval',
      'SIGN-APPROVAL',
      'customer-opt-in',
      'sign-initiate',
    ]) {
      const [s, t] = [secret(), secret()];
      secrets.push(s, t);
      requests.push({ method: 'GET', url: `/${page}/${s}?t=${t}` });
    }
    const before = lines.length;
    for (const req of requests)
      await app.inject({
        method: req.method as 'GET',
        url: req.url,
        remoteAddress: address(),
        ...(req.method === 'POST' ? { payload: {} } : {}),
      });
    const log = lines.slice(before).join('\n');
    expect(log.match(/incoming request/g)?.length).toBeGreaterThanOrEqual(requests.length);
    for (const s of secrets) expect(log, s).not.toContain(s);
    expect(log).toContain('/api/public/approvals/[redacted]');
    expect(log).toContain('/sign-approval/[redacted]?t=[redacted]');
  });
});

describe('public edges (issue #31 item 8)', () => {
  it('chooses the customer pages’ headers from the decoded path', async () => {
    const guid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    for (const url of [`/sign-approval/${guid}`, `/%73ign-approval/${guid}`, `/Sign-Approval/${guid}`]) {
      const res = await app.inject({ method: 'GET', url, remoteAddress: address() });
      // The public pages' own policy (approvals/public-headers.ts), not the staff app's.
      expect(res.headers['content-security-policy'], url).toMatch(
        /^default-src 'none'.*frame-ancestors 'none'/,
      );
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('answers `/api;x/…` and full-width spellings of /api with the API’s 404, never the page', async () => {
    for (const url of [
      '/api;x/users',
      '/api;x/nope',
      '/%EF%BD%81%EF%BD%90%EF%BD%89/users',
      '/%EF%BC%A1PI/users',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/problem+json');
      expect(res.body, url).not.toContain('Glass stub build');
    }
  });

  it('answers a repeated ?t= with the neutral page, like any link that does not open', async () => {
    const neutral = await app.inject({ url: '/api/public/initiate/1?t=x', remoteAddress: address() });
    expect(neutral.statusCode).toBe(404);
    for (const q of ['t=a&t=b', `t=${'a'.repeat(300)}`]) {
      const res = await app.inject({ url: `/api/public/initiate/1?${q}`, remoteAddress: address() });
      expect(res.statusCode, q).toBe(404);
      expect(res.body, q).toBe(neutral.body);
    }
  });

  it('shows the API docs only to a signed-in user', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      expect((await app.inject({ url })).statusCode, url).toBe(401);
    }
    const token = await login(app, DEMO.admin);
    const doc = await app.inject({ url: '/api/docs/json', headers: auth(token) });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths).length).toBeGreaterThan(100);
  });

  it('serves no API docs in production', async () => {
    const prod = await createTestApp({ nodeEnv: 'production' });
    try {
      const token = await login(prod, DEMO.admin);
      for (const url of ['/api/docs', '/api/docs/json'])
        expect((await prod.inject({ url, headers: auth(token) })).statusCode, url).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
