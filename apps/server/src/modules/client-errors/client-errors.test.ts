import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../app.js';
import type { App } from '../../app-type.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { PER_ADDRESS_PER_MINUTE, ReportLimiter } from './routes.js';

const METRICS = 'metrics-token-for-the-client-error-test';

/** The app with its log captured (JSON lines), as production writes it. */
describe('POST /api/client-errors (browser errors)', () => {
  let app: App;
  const lines: Record<string, any>[] = [];
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk) => {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
    });
    const dump = inject('seedDump');
    const db = process.env.DATABASE_URL
      ? await openDatabase({ databaseUrl: process.env.DATABASE_URL })
      : await openDatabase({
          memory: true,
          loadDataDir: dump ? new Blob([fs.readFileSync(dump)]) : undefined,
        });
    app = await buildApp({
      db,
      config: {
        ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', METRICS_TOKEN: METRICS }),
        webDist: '/nonexistent',
      },
      logStream: stream,
    });
    app.addHook('onClose', async () => db.close());
    await app.ready();
  });
  afterAll(() => app?.close());

  const report = (payload: unknown, remoteAddress = '10.9.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: payload as object,
      remoteAddress,
      headers: { 'user-agent': 'Mozilla/5.0 (test)' },
    });

  it('logs a report without a session, at warn, with the request id the answer carries', async () => {
    const res = await report({
      kind: 'unhandledrejection',
      message: "Cannot read properties of undefined (reading 'id')",
      stack: 'TypeError: …\n    at x (/assets/index-abc.js:1:2345)',
      path: '/invoices/42',
      release: 'index-abc.js',
    });
    expect(res.statusCode).toBe(204);
    const requestId = res.headers['x-request-id'];
    expect(requestId).toBeTruthy();
    const logged = lines.find((l) => l.msg === 'browser error' && l.reqId === requestId);
    expect(logged).toMatchObject({
      level: 40,
      browserError: {
        kind: 'unhandledrejection',
        message: "Cannot read properties of undefined (reading 'id')",
        path: '/invoices/42',
        release: 'index-abc.js',
        userAgent: 'Mozilla/5.0 (test)',
      },
    });
  });

  it('refuses a report that is not one (400 naming the field), and texts over the limits', async () => {
    const bad = await report({ kind: 'crash', message: 'x' }, '10.9.0.2');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('kind');
    const long = await report({ kind: 'error', message: 'x'.repeat(1001) }, '10.9.0.2');
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toHaveProperty('message');
    const huge = await report({ kind: 'error', message: 'x', stack: 'y'.repeat(20_000) }, '10.9.0.2');
    expect(huge.statusCode).toBe(413);
  });

  it(`takes ${PER_ADDRESS_PER_MINUTE} reports a minute from one address, then answers 429 with Retry-After and logs nothing more`, async () => {
    const before = lines.filter((l) => l.msg === 'browser error').length;
    const codes: number[] = [];
    for (let i = 0; i < PER_ADDRESS_PER_MINUTE + 3; i++)
      codes.push((await report({ kind: 'error', message: `loop ${i}` }, '10.9.0.3')).statusCode);
    expect(codes.filter((c) => c === 204)).toHaveLength(PER_ADDRESS_PER_MINUTE);
    expect(codes.slice(PER_ADDRESS_PER_MINUTE)).toEqual([429, 429, 429]);
    const limited = await report({ kind: 'error', message: 'again' }, '10.9.0.3');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(lines.filter((l) => l.msg === 'browser error').length - before).toBe(PER_ADDRESS_PER_MINUTE);
    // Another address is not affected.
    expect((await report({ kind: 'error', message: 'other' }, '10.9.0.4')).statusCode).toBe(204);
    // Prometheus sees what was logged and what was refused.
    const metrics = await app.inject({
      url: '/api/metrics',
      headers: { authorization: `Bearer ${METRICS}` },
    });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain(`glass_browser_errors_total{kind="error"} ${PER_ADDRESS_PER_MINUTE + 1}`);
    expect(metrics.body).toContain('glass_browser_errors_total{kind="unhandledrejection"} 1');
    expect(metrics.body).toContain('glass_browser_error_reports_limited_total 4');
  });
});

describe('ReportLimiter', () => {
  it('counts per address and per process in one-minute windows', () => {
    let t = 0;
    const limiter = new ReportLimiter(2, 3, () => t);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 60]);
    expect(limiter.take('b')).toBe(0);
    // The process-wide cap (3) is reached: a new address waits too.
    t = 45_000;
    expect(limiter.take('c')).toBe(15);
    t = 60_000;
    expect([limiter.take('a'), limiter.take('c')]).toEqual([0, 0]);
  });
});
