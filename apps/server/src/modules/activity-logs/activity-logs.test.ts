import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-type.js';
import { activityLogDetails, activityLogs } from '@glass/domain/contracts';
import { auth, createTestApp, DEMO, login, parseAs } from '../../../test/harness.js';

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
    const page = parseAs(activityLogs, res);
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
    expect(log?.details).toContainEqual(expect.objectContaining({ name: 'name', value: 'Logged Material' }));

    const bySession = parseAs(activityLogs, await get(`/api/ActivityLogs?SessionId=${log?.sessionId}`)).value;
    expect(bySession.every((l: any) => l.sessionId === log?.sessionId)).toBe(true);
    const details = parseAs(
      activityLogDetails,
      await get(`/api/ActivityLogDetails?ActivityLogId=${log?.id}`),
    ).value;
    expect(details.map((d: any) => d.name)).toContain('name');
  });

  it('without a range lists only the last 10 minutes ending now: nothing older, nothing dated in the future', async () => {
    const { db } = app.deps;
    const [{ userId }] = await db.rows<{ userId: number }>(
      sql`select id as "userId" from users where user_name = '101'`,
    );
    const marks = ['window-future', 'window-old', 'window-recent'];
    const ids = await db.rows<{ id: number; activity: string }>(
      sql`insert into activity_logs (activity_date, session_id, user_id, activity, activity_type)
          values (now() + interval '1 hour', 0, ${userId}, 'window-future', 'test'),
                 (now() - interval '11 minutes', 0, ${userId}, 'window-old', 'test'),
                 (now() - interval '2 minutes', 0, ${userId}, 'window-recent', 'test')
          returning id, activity`,
    );
    try {
      const res = await get('/api/ActivityLogs?$top=500');
      expect(res.statusCode, res.body).toBe(200);
      const rows = parseAs(activityLogs, res).value;
      // This test's rows by their session (on a shared database the other files' recent rows can fill a page).
      const ours = parseAs(activityLogs, await get('/api/ActivityLogs?SessionId=0&$top=500')).value;
      const seen = ours.map((l) => l.activity).filter((a) => marks.includes(a ?? ''));
      expect(seen).toEqual(['window-recent']);
      const checkedAt = Date.now();
      for (const l of rows) {
        const at = Date.parse(l.activityDate ?? '');
        expect(at, l.activity).toBeLessThanOrEqual(checkedAt + 1000);
        expect(at, l.activity).toBeGreaterThanOrEqual(checkedAt - 11 * 60_000);
      }
    } finally {
      await db.rows(
        sql`delete from activity_logs where id in (${sql.join(
          ids.map((r) => sql`${r.id}`),
          sql`, `,
        )})`,
      );
    }
  });

  it('pages 20 at a time over a date range, newest first', async () => {
    const res = parseAs(activityLogs, await get('/api/ActivityLogs?StartDate=2000-01-01&$count=true'));
    expect(res.value.length).toBe(20);
    expect(res['@odata.nextLink']).toContain('StartDate=2000-01-01');
    const dates = res.value.map((l: any) => l.activityDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await get('/api/ActivityLogs?StartDate=yesterday')).statusCode).toBe(400);
  });

  it('finds every log that touched one parameter (ParamId 443 = invoice id)', async () => {
    const res = parseAs(activityLogDetails, await get('/api/ActivityLogDetails?ParamId=443&$top=5'));
    expect(res.value.every((d: any) => d.paramId === 443)).toBe(true);
    if (res.value[0]) {
      const same = parseAs(
        activityLogDetails,
        await get(`/api/ActivityLogDetails?ParamId=443&Value=${res.value[0].value}`),
      ).value;
      expect(same.every((d: any) => d.value === res.value[0].value && d.activityLog.activity)).toBe(true);
    }
  });

  it('is refused to roles without admin.read', async () => {
    const tech = await login(app, DEMO.leadTech);
    expect((await get('/api/ActivityLogs', tech)).statusCode).toBe(403);
  });
});
