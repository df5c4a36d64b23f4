import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-type.js';
import { loginResponse, problem, selfUser, tokenResponse } from '@glass/domain/contracts';
import { auth, createTestApp, DEMO, login, nextIp, parseAs } from '../../../test/harness.js';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const post = (
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = nextIp(),
) => app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });

describe('POST /api/login', () => {
  it('signs in a demo user and returns a token and the user', async () => {
    const res = await post('/api/login', { ...DEMO.admin, tzo: 300 });
    expect(res.statusCode).toBe(200);
    const body = parseAs(loginResponse, res);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.user).toMatchObject({ userName: '101', userRole: 1 });
  });

  it('issues a new token at every login', async () => {
    const a = await login(app, DEMO.manager);
    const b = await login(app, DEMO.manager);
    expect(a).not.toBe(b);
  });

  it('answers 401 problem+json for a wrong password, without leaking internals', async () => {
    const res = await post('/api/login', { userName: '102', password: '000000' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(parseAs(problem, res)).toMatchObject({ status: 401, title: 'Unauthorized' });
  });

  it('answers 401 for an unknown user', async () => {
    expect((await post('/api/login', { userName: '999', password: '123123' })).statusCode).toBe(401);
  });

  it('rejects a malformed body with 400 naming the field', async () => {
    const res = await post('/api/login', { password: '258036' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(parseAs(problem, res).errors ?? {})).toContain('userName');
  });

  it('locks an account after 5 failures, even with the right PIN afterwards', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/login', { userName: '104', password: `11111${i}` })).statusCode).toBe(401);
    }
    const res = await post('/api/login', DEMO.adminAssistant);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Unlock again: other test files share the PostgreSQL database and sign in as 104.
    await app.deps.db.rows(sql`delete from login_failures where user_name = '104'`);
  });

  it('refuses an address that sprays one PIN across many accounts', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 20; i++)
      await post('/api/login', { userName: String(300 + i), password: '123123' }, {}, ip);
    const res = await post('/api/login', DEMO.repairTech, {}, ip);
    expect(res.statusCode).toBe(429);
    // the same account from another address still works
    expect((await post('/api/login', DEMO.repairTech)).statusCode).toBe(200);
  });
});

describe('token checks', () => {
  it('answers 401 without a token, with a garbage token, and after logout', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/self' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/self', headers: auth('nonsense') })).statusCode,
    ).toBe(401);
    const token = await login(app, DEMO.leadTech);
    expect((await app.inject({ method: 'GET', url: '/api/self', headers: auth(token) })).statusCode).toBe(
      200,
    );
    expect((await post('/api/logout', undefined, auth(token))).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/self', headers: auth(token) })).statusCode).toBe(
      401,
    );
  });

  it('GET /api/self returns id, userRole and facility; paths match case-insensitively', async () => {
    const token = await login(app, DEMO.manager);
    const res = await app.inject({ method: 'GET', url: '/API/Self', headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect(parseAs(selfUser, res)).toMatchObject({
      userName: '102',
      userRole: 2,
      facility: { id: expect.any(Number) },
    });
  });
});

describe('PUT /api/users/password', () => {
  const put = (token: string, payload: object) =>
    app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload,
      headers: auth(token),
      remoteAddress: nextIp(),
    });

  it('enforces the spec rules with their messages on the right fields', async () => {
    const token = await login(app, DEMO.reviewer);
    const cases: [object, string, string][] = [
      [{ newPassword: '135790', confirmPassword: '135790' }, 'currentPassword', 'Current Password Required'],
      [{ currentPassword: '704815', confirmPassword: '1' }, 'newPassword', 'New Password Required'],
      [
        { currentPassword: '704815', newPassword: '12345', confirmPassword: '12345' },
        'newPassword',
        'New Password must have 6 digits',
      ],
      [
        { currentPassword: '704815', newPassword: '123456', confirmPassword: '123456' },
        'newPassword',
        'New Password cannot have consecutive digits',
      ],
      [
        { currentPassword: '704815', newPassword: '777777', confirmPassword: '777777' },
        'newPassword',
        'New Password cannot have the same digits repeated',
      ],
      [
        { currentPassword: '704815', newPassword: '135790' },
        'confirmPassword',
        'New Password Confirmation Required',
      ],
      [
        { currentPassword: '704815', newPassword: '135790', confirmPassword: '135791' },
        'confirmPassword',
        'Password does not match',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put(token, payload);
      expect(res.statusCode, message).toBe(400);
      expect(parseAs(problem, res).errors?.[field]).toContain(message);
    }
  });

  it('checks the current password', async () => {
    const token = await login(app, DEMO.reviewer);
    const res = await put(token, {
      currentPassword: '111111',
      newPassword: '135790',
      confirmPassword: '135790',
    });
    expect(res.statusCode).toBe(400);
    expect(parseAs(problem, res).errors?.currentPassword).toBeDefined();
  });

  it('changes it, ends the other sessions, and hands this session a fresh token', async () => {
    const other = await login(app, DEMO.reviewer);
    const mine = await login(app, DEMO.reviewer);
    const res = await put(mine, {
      currentPassword: '704815',
      newPassword: '135790',
      confirmPassword: '135790',
    });
    expect(res.statusCode).toBe(200);
    const fresh = parseAs(tokenResponse, res).token;
    expect((await app.inject({ method: 'GET', url: '/api/self', headers: auth(other) })).statusCode).toBe(
      401,
    );
    expect((await app.inject({ method: 'GET', url: '/api/self', headers: auth(mine) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/self', headers: auth(fresh) })).statusCode).toBe(
      200,
    );
    expect((await post('/api/login', { userName: '106', password: '135790' })).statusCode).toBe(200);
    // put it back for the other tests sharing this database
    const back = await put(fresh, {
      currentPassword: '135790',
      newPassword: '704815',
      confirmPassword: '704815',
    });
    expect(back.statusCode).toBe(200);
  });
});

describe('errors', () => {
  it('unknown API paths are 404 problem+json; bad JSON is 400', async () => {
    const token = await login(app, DEMO.admin);
    const res = await app.inject({ method: 'GET', url: '/api/nope', headers: auth(token) });
    expect(res.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"userName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toMatch(/at .*\.js|select |insert /i);
  });

  it('GET /api/health reports the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });
});
