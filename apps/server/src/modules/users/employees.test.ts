import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-type.js';
import {
  adminAssistants,
  employee as employeeItem,
  employees,
  installers as installerList,
  profilePictureResponse,
  stateNavigationResponse,
  tileList,
} from '@glass/domain/contracts';
import { auth, createTestApp, DEMO, login, parseAs } from '../../../test/harness.js';
import { multipart, PNG_1X1 } from '../../../test/multipart.js';

let app: App;
let admin: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) =>
  app.inject({ method, url, payload, headers: auth(token) });

const employee = {
  userName: '777',
  password: '135790',
  firstName: 'Nina',
  lastName: 'Newhire',
  email: 'nina@example.com',
  phone: '(832) 555-0177',
  userRoleId: 3,
  facilityId: 2,
  brandId: 1,
  isActive: true,
  isInstaller: true,
};

describe('employees', () => {
  it('lists User list items filtered by IsActive and SearchTerm', async () => {
    const res = await call('GET', '/api/users?IsActive=true&SearchTerm=10');
    expect(res.statusCode).toBe(200);
    const item = parseAs(employees, res)[0];
    expect(item).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        facility: expect.objectContaining({
          id: expect.any(Number),
          name: expect.any(String),
          shortName: expect.any(String),
          brandId: expect.any(Number),
        }),
        subscriptions: expect.any(Array),
        attributeValues: expect.any(Array),
        isActive: true,
      }),
    );
    expect(item.subscriptions.every((s: any) => s.messageGroupId !== 6)).toBe(true);
    expect('stateNavigation' in item && 'photo' in item).toBe(true);
    expect(JSON.stringify(res.json())).not.toMatch(/password|scrypt/i);
    const inactive = parseAs(employees, await call('GET', '/api/users?IsActive=false'));
    expect(inactive.every((u: any) => !u.isActive)).toBe(true);
  });

  it('creates an employee who can sign in with the initial password and sees the role tiles', async () => {
    const res = await call('POST', '/api/users', employee);
    expect(res.statusCode, res.body).toBe(200);
    expect(parseAs(employeeItem, res)).toEqual(
      expect.objectContaining({ userName: '777', userRoleId: 3, phone: '8325550177' }),
    );
    const token = await login(app, { userName: '777', password: '135790' });
    const tiles = parseAs(tileList, await call('GET', '/api/UserTiles/MyTilesInfo', undefined, token));
    expect(tiles.filter((t: any) => t.isDisplayed).length).toBeGreaterThan(3);
  });

  it('refuses a taken user name, a bad user name and passwords against the rules', async () => {
    const taken = await call('POST', '/api/users', { ...employee, userName: '101' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.userName).toEqual(['This user name is already used']);
    const bad = await call('POST', '/api/users', { ...employee, userName: '12a', password: '123456' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      userName: ['User name must be 3 digits'],
      password: ['New Password cannot have consecutive digits'],
    });
    for (const [password, message] of [
      ['', 'New Password Required'],
      ['99', 'New Password must have 6 digits'],
      ['444444', 'New Password cannot have the same digits repeated'],
    ]) {
      const res = await call('POST', '/api/users', { ...employee, userName: '778', password });
      expect(res.json().errors.password).toEqual([message]);
    }
  });

  it('deactivating an employee ends their sessions; a Reviewer may not write', async () => {
    const created = parseAs(employeeItem, await call('POST', '/api/users', { ...employee, userName: '779' }));
    const token = await login(app, { userName: '779', password: '135790' });
    expect((await call('GET', '/api/self', undefined, token)).statusCode).toBe(200);
    const res = await call('PUT', `/api/users/${created.id}`, {
      ...employee,
      userName: '779',
      isActive: false,
      password: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(parseAs(employeeItem, res).isActive).toBe(false);
    expect((await call('GET', '/api/self', undefined, token)).statusCode).toBe(401);
    const revoked = await app.deps.db.rows(
      sql`select 1 from sessions where user_id = ${created.id} and revoked_at is null`,
    );
    expect(revoked.length).toBe(0);
    const reviewer = await login(app, DEMO.reviewer);
    expect((await call('GET', '/api/users', undefined, reviewer)).statusCode).toBe(200);
    expect((await call('PUT', `/api/users/${created.id}`, employee, reviewer)).statusCode).toBe(403);
    expect((await call('POST', '/api/users', employee, reviewer)).statusCode).toBe(403);
  });

  it('profile picture: upload own (any role), checked by content; served back by path', async () => {
    const tech = await login(app, DEMO.repairTech);
    const body = multipart({}, { name: 'me.gif', type: 'image/gif', data: PNG_1X1 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/profilePicture',
      payload: body.payload,
      headers: { ...auth(tech), ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(parseAs(profilePictureResponse, res).filePath).toMatch(/^users\/.+\.png$/);
    const pic = await call(
      'GET',
      `/api/users/profilePicture?FilePath=${encodeURIComponent(res.json().filePath)}`,
      undefined,
      tech,
    );
    expect(pic.headers['content-type']).toBe('image/png');
    const other = multipart({ userId: '101' }, { name: 'x.png', type: 'image/png', data: PNG_1X1 });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/users/profilePicture',
      payload: other.payload,
      headers: { ...auth(tech), ...other.headers },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('installers with appointment counts; admin assistants', async () => {
    const installers = parseAs(
      installerList,
      await call('GET', '/api/users/installers?startDate=2020-01-01&view=Month&isActive=true'),
    );
    expect(installers.length).toBeGreaterThan(0);
    expect(installers[0]).toEqual(expect.objectContaining({ appointmentCount: 0, isActive: true }));
    expect((await call('GET', '/api/users/installers?view=Year')).statusCode).toBe(400);
    const assistants = parseAs(adminAssistants, await call('GET', '/api/users/adminAssistants'));
    expect(assistants.length).toBeGreaterThan(0);
  });

  it('saves User attributes with the employee, checked against their value lists and audited', async () => {
    const user = await login(app, DEMO.admin);
    const defs = (await call('GET', '/api/attributevalues?Page=User&RecordId=0', undefined, user)).json();
    const level = defs.find((a: any) => a.name === 'TechnicianLevel');
    const shift = defs.find((a: any) => a.name === 'Shift');
    expect(level.values).toEqual(['None', 'Porter', 'Low', 'Medium', 'High', 'Master']);
    const attributes = [
      { attributeNameId: level.attributeNameId, value: 'High' },
      { attributeNameId: shift.attributeNameId, value: shift.values[0] },
    ];
    const created = await call('POST', '/api/users', { ...employee, userName: '774', attributes });
    expect(created.statusCode, created.body).toBe(200);
    const values = (item: any) => Object.fromEntries(item.attributeValues.map((a: any) => [a.name, a.value]));
    expect(values(parseAs(employeeItem, created))).toEqual({
      TechnicianLevel: 'High',
      Shift: shift.values[0],
    });
    const id = created.json().id;
    const bad = await call('PUT', `/api/users/${id}`, {
      ...employee,
      userName: '774',
      attributes: [{ attributeNameId: level.attributeNameId, value: 'Wizard' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['attributes.0.value'][0]).toMatch(/^TechnicianLevel must be one of None/);
    const facilityAttr = await call('PUT', `/api/users/${id}`, {
      ...employee,
      userName: '774',
      attributes: [{ attributeNameId: 13, value: '06:00' }],
    });
    expect(facilityAttr.statusCode).toBe(400);
    const updated = await call('PUT', `/api/users/${id}`, {
      ...employee,
      userName: '774',
      password: '',
      attributes: [{ attributeNameId: level.attributeNameId, value: 'Master' }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(values(updated.json()).TechnicianLevel).toBe('Master');
    const [log] = await app.deps.db.rows<{ value: string }>(
      sql`select d.value from activity_logs l join activity_log_details d on d.activity_log_id = l.id
          where l.record_type = 'User' and l.record_id = ${id} and l.activity = 'Updated Employee'
            and d.name = ${`attribute${level.attributeNameId}`} order by l.id desc limit 1`,
    );
    expect(log.value).toBe('Master');
  });

  it('stateNavigation: saved by the user, listed in the User list item, validated, not in the activity log', async () => {
    const created = parseAs(employeeItem, await call('POST', '/api/users', { ...employee, userName: '775' }));
    const token = await login(app, { userName: '775', password: '135790' });
    const url = '/api/users/me/stateNavigation';
    expect(parseAs(stateNavigationResponse, await call('GET', url, undefined, token))).toBeNull();
    const saved = await call('PUT', url, { lastPath: '/invoices?tab=2', collapsed: true }, token);
    expect(saved.statusCode, saved.body).toBe(200);
    // Another device: a new session of the same user reads it back.
    const other = await login(app, { userName: '775', password: '135790' });
    expect((await call('GET', url, undefined, other)).json()).toEqual({
      lastPath: '/invoices?tab=2',
      collapsed: true,
    });
    const item = parseAs(employeeItem, await call('GET', `/api/users/${created.id}`));
    expect(item.stateNavigation).toEqual({ lastPath: '/invoices?tab=2', collapsed: true });
    for (const body of [{}, { lastPath: 'https://evil.example/' }, { lastPath: '//evil.example' }]) {
      const res = await call('PUT', url, body, token);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toContain('lastPath');
    }
    const big = await call('PUT', url, { lastPath: '/', note: 'x'.repeat(600) }, token);
    expect(big.statusCode).toBe(400);
    expect(parseAs(stateNavigationResponse, await call('GET', url, undefined, token))?.lastPath).toBe(
      '/invoices?tab=2',
    );
    // A background save, not a user action (issue #15 item 6): the activity log list shows no row for it.
    const listed = await call('GET', '/api/ActivityLogs?$top=500');
    expect(listed.statusCode, listed.body).toBe(200);
    const activities = listed.json().value.map((l: { activity: string }) => l.activity);
    expect(activities.length).toBeGreaterThan(0);
    expect(activities.filter((a: string) => /navigation/i.test(a))).toEqual([]);
    const logs = await app.deps.db.rows(
      sql`select 1 from activity_logs where user_id = ${created.id} and activity ilike '%navigation%'`,
    );
    expect(logs.length).toBe(0);
  });
});
