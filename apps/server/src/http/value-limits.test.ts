import { dateProblem, datePaths, findOutOfRange, INT_MAX } from '@glass/domain/contracts/limits';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auth, createTestApp, DEMO, login } from '../../test/harness.js';
import type { App } from '../app-type.js';
import { DATA_EXCEPTION_MESSAGE } from './errors.js';

/**
 * Issue #31 item 5: numbers beyond PostgreSQL's `integer`, dates in year 0000 and offsets beyond ±14:00
 * are a 400 naming the field, from the limits in one place (packages/domain/src/contracts/limits.ts),
 * applied to every route's validated input (value-limits.ts); a value PostgreSQL still refuses as data
 * (SQLSTATE class 22) is a 400 without SQL. The walk over every route is boundary-fuzz.test.ts.
 */
let app: App;
let token: string;
beforeAll(async () => {
  app = await createTestApp({}, (a) => {
    // A route whose statement PostgreSQL refuses as data: stands for one whose validation forgot a limit.
    a.get('/api/test-only/data-exception', { config: { public: true } }, async () =>
      a.deps.db.rows(sql`select ${'3000000000'}::int as n`),
    );
  });
  token = await login(app, DEMO.admin);
});
afterAll(() => app?.close());

describe('value limits (issue #31 item 5)', () => {
  it('knows the limits of integer and timestamptz', () => {
    expect(findOutOfRange({ id: INT_MAX })).toBeUndefined();
    const schema = z.object({
      when: z.iso.date().optional(),
      items: z.array(z.object({ at: z.iso.datetime() })),
    });
    expect([...datePaths(schema)].sort()).toEqual(['items.*.at', 'when']);
    const isDate = (p: string) => datePaths(schema).has(p);
    expect(findOutOfRange({ items: [{ at: '0000-01-01T00:00:00Z' }] }, isDate)?.field).toBe('items.0.at');
    // Text that only looks like a date is not a date field's value: a note may say anything.
    expect(findOutOfRange({ note: '0000-01-01' }, isDate)).toBeUndefined();
    expect(findOutOfRange({ a: [{ b: INT_MAX + 1 }] })).toEqual({
      field: 'a.0.b',
      message: 'must be at most 2147483647',
    });
    expect(findOutOfRange({ n: -(2 ** 31) - 1 })?.message).toBe('must be at least -2147483648');
    expect(findOutOfRange({ n: 1e308 })?.field).toBe('n');
    expect(dateProblem('0000-01-01')).toMatch(/year 0001/);
    expect(dateProblem('2026-01-01T10:00:00+23:59')).toMatch(/-14:00 to \+14:00/);
    expect(dateProblem('2026-01-01T10:00:00+14:01')).toMatch(/offset/);
    expect(dateProblem('2025-02-29')).toMatch(/calendar/);
    for (const ok of [
      '2024-02-29',
      '2026-01-01T10:00:00+14:00',
      '2026-01-01T10:00:00-00:00',
      '0001-01-01',
      'hello',
    ])
      expect(dateProblem(ok), ok).toBeUndefined();
  });

  it('an id above 2^31-1 in the path is a 400 on the parameter, not PostgreSQL’s error', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/Invoices/3000000000', headers: auth(token) });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(Object.keys(res.json().errors)).toEqual(['id']);
    expect(res.body).not.toMatch(/integer|postgres/i);
    // The largest id there can be is simply not found.
    const max = await app.inject({ method: 'GET', url: `/api/Invoices/${INT_MAX}`, headers: auth(token) });
    expect(max.statusCode).toBe(404);
  });

  it('an id above 2^31-1 in a query string and a body is a 400 naming the field', async () => {
    const q = await app.inject({
      method: 'GET',
      url: '/api/ActivityLogs?SessionId=3000000000',
      headers: auth(token),
    });
    expect(q.statusCode).toBe(400);
    expect(q.json().errors.SessionId[0]).toMatch(/at most 2147483647/);
    const b = await app.inject({
      method: 'POST',
      url: '/api/Users/SelectFacility',
      headers: auth(token),
      payload: { facilityId: 3_000_000_000 },
    });
    expect(b.statusCode).toBe(400);
    expect(Object.keys(b.json().errors)[0]).toMatch(/facilityId/);
  });

  it('a date in year 0000 or with an offset beyond ±14:00 is a 400 naming the field; -00:00 is fine', async () => {
    for (const [value, reason] of [
      ['0000-01-01', /year 0001/],
      ['2026-01-01T10:00:00+23:59', /offset/],
    ] as const) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/ActivityLogs?StartDate=${encodeURIComponent(value)}`,
        headers: auth(token),
      });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().errors.StartDate[0]).toMatch(reason);
    }
    const ok = await app.inject({
      method: 'GET',
      url: `/api/ActivityLogs?StartDate=${encodeURIComponent('2026-01-01T10:00:00-00:00')}`,
      headers: auth(token),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('a value PostgreSQL refuses as data is a 400 without SQL (the safety net)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-only/data-exception' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(DATA_EXCEPTION_MESSAGE);
    expect(res.body).not.toMatch(/integer|3000000000|select|postgres/i);
  });
});
