import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auth, createTestApp, DEMO, login } from '../../test/harness.js';
import type { App } from '../app.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { redactUrl, tileSource } from './safe-defaults.js';

/** A tiny built web app: index.html, a hashed asset with its precompressed copies, a root file. */
function fakeWebDist(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-web-'));
  fs.mkdirSync(path.join(root, 'assets'));
  const html =
    '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head></html>';
  fs.writeFileSync(path.join(root, 'index.html'), html);
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  fs.writeFileSync(path.join(root, 'assets/index-abc123.js'), js);
  fs.writeFileSync(path.join(root, 'assets/index-abc123.js.br'), 'BROTLI-COPY');
  fs.writeFileSync(path.join(root, 'assets/index-abc123.js.gz'), 'GZIP-COPY');
  fs.writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *\n');
  return root;
}

describe('production runtime: caching, compression, security headers (issue #16)', () => {
  let app: App;
  let web: string;
  let token: string;

  beforeAll(async () => {
    web = fakeWebDist();
    app = await createTestApp({ webDist: web, mapTileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' });
    token = await login(app, DEMO.admin);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('serves index.html no-cache on /, on SPA routes and by name, so a deploy reaches open browsers', async () => {
    for (const url of ['/', '/login', '/invoices/42', '/index.html']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const other = await app.inject({ url: '/robots.txt' });
    expect(other.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets for a year, immutable, and the precompressed copy the client accepts', async () => {
    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');

    const br = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe('BROTLI-COPY');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toBe('GZIP-COPY');
  });

  it('answers 404 no-store for a file under /assets that does not exist, however spelled, never index.html', async () => {
    // A tab left open across a deploy asks for a chunk of the build before: it must fail as a missing
    // script (the web app then reloads to the new build), not load index.html as JavaScript.
    for (const url of [
      '/assets/screen-OLDHASH.js',
      '/assets/screen-OLDHASH.js?v=1',
      '/assets/screen-OLDHASH.css',
      '/assets/nested/deeper/chunk.js',
      '/ASSETS/index-abc123.js',
      '/%61ssets/screen-OLDHASH.js',
      '/%2561ssets/screen-OLDHASH.js',
      '/login/../assets/screen-OLDHASH.js',
      '/./assets/screen-OLDHASH.js',
    ]) {
      for (const headers of [{}, { 'accept-encoding': 'gzip, br' }]) {
        const res = await app.inject({ url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['cache-control'], url).toBe('no-store');
        expect(res.body, url).not.toContain('<html');
      }
    }
    // @fastify/static refuses a doubled slash in any path (403) before it looks for a file: not the page either.
    const doubled = await app.inject({ url: '//assets//screen-OLDHASH.js' });
    expect(doubled.statusCode).toBe(403);
    expect(doubled.body).not.toContain('<html');
    // The files that do exist keep their year-long cache; pages keep the fallback.
    const asset = await app.inject({ url: '/%61ssets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await app.inject({ url: '/assets-report' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('compresses a large API list for a client that accepts it, and leaves small answers alone', async () => {
    const url = '/api/Invoices?$top=100&$count=true';
    const plain = await app.inject({ url, headers: auth(token) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const gz = await app.inject({ url, headers: { ...auth(token), 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const br = await app.inject({
      url,
      headers: { ...auth(token), 'accept-encoding': 'br;q=1, gzip;q=0.5' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.headers['cache-control']).toBe('no-store');

    const health = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().status).toBe('ok');
  });

  it('sends a Content-Security-Policy the app runs under, on pages, API answers and refusals', async () => {
    for (const res of [
      await app.inject({ url: '/login' }),
      await app.inject({ url: '/api/health' }),
      await app.inject({ url: '/api/Invoices' }), // 401 without a token
    ]) {
      const csp = String(res.headers['content-security-policy']);
      const directive = (name: string) =>
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .find((d) => d[0] === name)
          ?.slice(1) ?? [];
      expect(directive('default-src')).toEqual(["'self'"]);
      expect(directive('script-src')).toEqual(["'self'"]);
      expect(directive('style-src')).toContain("'unsafe-inline'");
      expect(directive('img-src')).toEqual(
        expect.arrayContaining(["'self'", 'blob:', 'data:', 'https://*.tiles.example.org']),
      );
      expect(directive('connect-src')).toEqual(["'self'"]);
      expect(directive('frame-ancestors')).toEqual(["'self'"]);
      expect(directive('object-src')).toEqual(["'self'", 'blob:']);
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    }
  });

  it('derives the tile source from MAP_TILE_URL', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileSource('https://{s}.tile.example.org:8443/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.example.org:8443',
    );
    expect(tileSource('http://tiles-{s}.example.org/{z}/{x}/{y}.png')).toBe('http:');
  });

  it('sends no HSTS over plain http, even when an untrusted client claims X-Forwarded-Proto https', async () => {
    const plain = await app.inject({ url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const spoofed = await app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '203.0.113.7',
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('HSTS behind TLS', () => {
  it('is sent when a trusted proxy says the request came over https', async () => {
    const behind = await createTestApp({ trustProxy: ['10.1.2.3'], hsts: 'auto' });
    try {
      const viaProxy = await behind.inject({
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '10.1.2.3',
      });
      expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
      const direct = await behind.inject({
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '10.9.9.9',
      });
      expect(direct.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behind.close();
    }
  });

  // Each case builds an app of its own (migrations on PGlite), so each has the test timeout to itself.
  it('is always sent with HSTS=on', async () => {
    const on = await createTestApp({ hsts: 'on' });
    try {
      expect((await on.inject({ url: '/api/health' })).headers['strict-transport-security']).toBe(
        'max-age=31536000',
      );
    } finally {
      await on.close();
    }
  });
});

describe('log redaction', () => {
  it('logs no phone number, name, search term or token of a request', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk) => lines.push(...String(chunk).split('\n').filter(Boolean)));
    const dump = inject('seedDump');
    const db = process.env.DATABASE_URL
      ? await openDatabase({ databaseUrl: process.env.DATABASE_URL })
      : await openDatabase({
          memory: true,
          loadDataDir: dump ? new Blob([fs.readFileSync(dump)]) : undefined,
        });
    const app = await buildApp({
      db,
      config: { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }), webDist: '/nonexistent' },
      logStream: stream,
    });
    try {
      const secretToken = 'tok_Zq3vS9xY1wP0aB7cD4eF6gH8iJ2kL5mN';
      await app.inject({
        url: '/api/Invoices?$top=5&phone=5551234567&SearchTerm=Nguyen&name=%C5%81ukasz&$filter=contains(CustomerName,%27Thuy%27)',
        headers: { authorization: `Bearer ${secretToken}` },
      });
      await app.inject({ url: `/api/phoneExtensions/getRequestUri?destinationPhone=5559876543` });
      const log = lines.join('\n');
      expect(log).toContain('/api/Invoices?$top=5&phone=[redacted]&SearchTerm=[redacted]');
      for (const secret of ['5551234567', '5559876543', 'Nguyen', 'ukasz', 'Thuy', secretToken]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('keeps the path and harmless parameters, and blanks encoded spellings of personal ones', () => {
    expect(redactUrl('/api/x')).toBe('/api/x');
    expect(redactUrl('/api/x?$top=10&$skip=20')).toBe('/api/x?$top=10&$skip=20');
    expect(redactUrl('/api/x?%70hone=555&Customer%4Eame=Ann&q=z')).toBe(
      '/api/x?%70hone=[redacted]&Customer%4Eame=[redacted]&q=[redacted]',
    );
    expect(redactUrl('/api/x?phone=1&phone=2&bad=%E0%A4%A')).toBe(
      '/api/x?phone=[redacted]&phone=[redacted]&bad=%E0%A4%A',
    );
  });
});
