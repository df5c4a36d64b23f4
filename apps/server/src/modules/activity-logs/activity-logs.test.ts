import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { auth, createTestApp, DEMO, login } from '../../../test/harness.js';

let app: App;
let admin: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
});
afterAll(() => app.close());

const get = (url: string, token = admin) => app.inject({ method: 'GET', url, headers: auth(token) });

describe('activity logs', () => {
  it('a change writes a log with user, session and details, listed in the last 10 minutes by default', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/materials',
      payload: { name: 'Logged Material' },
      headers: auth(admin),
    });
    expect(created.statusCode).toBe(201);
    const res = await get('/api/ActivityLogs?$expand=details&$count=true');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.value.length).toBeLessThanOrEqual(20);
    const log = page.value.find((l: any) => l.activity === 'Created Material');
    expect(log).toEqual(
      expect.objectContaining({
        firstName: expect.any(String),
        lastName: expect.any(String),
        sessionId: expect.any(Number),
        activityType: 'create',
      }),
    );
    expect(log.details).toContainEqual(expect.objectContaining({ name: 'name', value: 'Logged Material' }));

    const bySession = (await get(`/api/ActivityLogs?SessionId=${log.sessionId}`)).json().value;
    expect(bySession.every((l: any) => l.sessionId === log.sessionId)).toBe(true);
    const details = (await get(`/api/ActivityLogDetails?ActivityLogId=${log.id}`)).json().value;
    expect(details.map((d: any) => d.name)).toContain('name');
  });

  it('pages 20 at a time over a date range, newest first', async () => {
    const res = (await get('/api/ActivityLogs?StartDate=2000-01-01&$count=true')).json();
    expect(res.value.length).toBe(20);
    expect(res['@odata.nextLink']).toContain('StartDate=2000-01-01');
    const dates = res.value.map((l: any) => l.activityDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await get('/api/ActivityLogs?StartDate=yesterday')).statusCode).toBe(400);
  });

  it('finds every log that touched one parameter (ParamId 443 = invoice id)', async () => {
    const res = (await get('/api/ActivityLogDetails?ParamId=443&$top=5')).json();
    expect(res.value.every((d: any) => d.paramId === 443)).toBe(true);
    if (res.value[0]) {
      const same = (await get(`/api/ActivityLogDetails?ParamId=443&Value=${res.value[0].value}`)).json()
        .value;
      expect(same.every((d: any) => d.value === res.value[0].value && d.activityLog.activity)).toBe(true);
    }
  });

  it('is refused to roles without admin.read', async () => {
    const tech = await login(app, DEMO.leadTech);
    expect((await get('/api/ActivityLogs', tech)).statusCode).toBe(403);
  });
});
