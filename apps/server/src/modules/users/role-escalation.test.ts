import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-type.js';
import { auth, createTestApp, DEMO, login } from '../../../test/harness.js';
import { multipart, PNG_1X1 } from '../../../test/multipart.js';

/**
 * Security issue #12, hole 3: a Manager could create a System Admin (POST /api/users with
 * userRoleId 1) and edit one (PUT /api/users/101, password included). Nobody may grant a role, or
 * change an account holding a role, that permits actions their own role does not.
 */
let app: App;
let admin: string;
let manager: string;
let adminId: number;
let managerId: number;
beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
  manager = await login(app, DEMO.manager);
  const ids = await app.deps.db.rows<{ id: number; userName: string }>(
    sql`select id, user_name as "userName" from users where user_name in ('101', '102')`,
  );
  adminId = ids.find((u) => u.userName === '101')!.id;
  managerId = ids.find((u) => u.userName === '102')!.id;
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
  app.inject({ method, url, payload: payload as object, headers: auth(token) });

const employee = {
  userName: '741',
  password: '135790',
  firstName: 'Esca',
  lastName: 'Lation',
  email: 'esca@example.com',
  phone: '(832) 555-0141',
  userRoleId: 3,
  // The demo manager's own facility: a facility-bound manager places people only there (decision 0016).
  facilityId: 1,
  brandId: 1,
  isActive: true,
  isInstaller: false,
};

/** The PUT body that keeps an employee as they are (the form sends every field). */
async function bodyOf(id: number) {
  const u = (await call('GET', `/api/users/${id}`, admin)).json();
  return {
    userName: u.userName,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    userRoleId: u.userRoleId,
    facilityId: u.facilityId,
    brandId: u.brandId,
    isActive: u.isActive,
    isInstaller: u.isInstaller,
    password: '',
  };
}

const userRow = async (id: number) =>
  (
    await app.deps.db.rows<{ role: number; active: boolean; hash: string; photo: string | null }>(
      sql`select user_role_id as role, is_active as active, password_hash as hash, photo from users where id = ${id}`,
    )
  )[0];

function expectRefused(res: {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
  json: () => { detail?: string };
}) {
  expect(res.statusCode, res.body).toBe(403);
  expect(String(res.headers['content-type'])).toMatch(/application\/problem\+json/);
  expect(res.json().detail).toMatch(/permits actions yours does not/);
  expect(res.body).not.toMatch(/select|insert|update |at .*\.ts/i);
}

describe('security: role escalation — a Manager cannot create or promote to System Admin', () => {
  it('POST /api/users with userRoleId 1 (as number, string, float) is 403 and creates nobody', async () => {
    for (const [i, userRoleId] of [1, '1', ' 1', 1.0, '01'].entries()) {
      const userName = `75${i}`;
      const res = await call('POST', '/api/users', manager, { ...employee, userName, userRoleId });
      expectRefused(res);
      const rows = await app.deps.db.rows(sql`select 1 from users where user_name = ${userName}`);
      expect(rows).toHaveLength(0);
    }
  });

  it('a Manager still creates and manages a Lead Technician, but cannot promote them to System Admin', async () => {
    const created = await call('POST', '/api/users', manager, employee);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    const body = await bodyOf(id);
    const edited = await call('PUT', `/api/users/${id}`, manager, {
      ...body,
      lastName: 'Managed',
      password: '246801',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().lastName).toBe('Managed');
    const before = await userRow(id);
    const promoted = await call('PUT', `/api/users/${id}`, manager, { ...body, userRoleId: 1 });
    expectRefused(promoted);
    expect(await userRow(id)).toEqual(before);
    // A Manager may still give the roles their own covers, Manager included.
    const toManager = await call('PUT', `/api/users/${id}`, manager, { ...body, userRoleId: 2 });
    expect(toManager.statusCode, toManager.body).toBe(200);
    expect((await userRow(id)).role).toBe(2);
  });

  it('a Manager cannot make themselves System Admin', async () => {
    const res = await call('PUT', `/api/users/${managerId}`, manager, {
      ...(await bodyOf(managerId)),
      userRoleId: 1,
    });
    expectRefused(res);
    expect((await userRow(managerId)).role).toBe(2);
  });
});

describe('security: role escalation — a Manager cannot change a System Admin', () => {
  it('PUT /api/users/101 with a new password is 403: the password, role and sessions stay', async () => {
    const before = await userRow(adminId);
    const res = await call('PUT', `/api/users/${adminId}`, manager, {
      ...(await bodyOf(adminId)),
      password: '135790',
    });
    expectRefused(res);
    expect(await userRow(adminId)).toEqual(before);
    expect((await call('GET', '/api/self', admin)).statusCode).toBe(200);
    await login(app, DEMO.admin);
  });

  it('demoting, deactivating or renaming a System Admin is 403 too, also at a doubled or padded id', async () => {
    const body = await bodyOf(adminId);
    const before = await userRow(adminId);
    for (const [url, change] of [
      [`/api/users/${adminId}`, { userRoleId: 3 }],
      [`/api/users/${adminId}`, { userRoleId: 0 }],
      [`/api/users/${adminId}`, { isActive: false }],
      [`/api/users/0${adminId}`, { firstName: 'Pwned' }],
    ] as const) {
      expectRefused(await call('PUT', url, manager, { ...body, ...change }));
    }
    expect(await userRow(adminId)).toEqual(before);
    expect((await call('GET', '/api/self', admin)).statusCode).toBe(200);
  });

  it("a System Admin's profile picture and User attributes are out of a Manager's reach", async () => {
    // Other test files on the shared PostgreSQL database may have given the admin a picture: it stays as it was.
    const photoBefore = (await userRow(adminId)).photo;
    const upload = multipart(
      { userId: String(adminId) },
      { name: 'x.png', type: 'image/png', data: PNG_1X1 },
    );
    const pic = await app.inject({
      method: 'POST',
      url: '/api/users/profilePicture',
      payload: upload.payload,
      headers: { ...auth(manager), ...upload.headers },
    });
    expectRefused(pic);
    expect((await userRow(adminId)).photo).toBe(photoBefore);
    const defs = (await call('GET', '/api/attributevalues?Page=User&RecordId=0', admin)).json();
    const level = defs.find((a: any) => a.name === 'TechnicianLevel');
    const attr = await call('POST', '/api/attributevalues', manager, {
      page: 'User',
      recordId: adminId,
      values: [{ attributeNameId: level.attributeNameId, value: 'Porter' }],
    });
    expectRefused(attr);
    const stored = await app.deps.db.rows(
      sql`select 1 from attribute_values where page = '' and record_id = ${adminId} and user_id is null`,
    );
    expect(stored).toHaveLength(0);
  });

  it("User attributes: a Manager writes a Lead Technician's; an unknown employee is 400 on recordId", async () => {
    const defs = (await call('GET', '/api/attributevalues?Page=User&RecordId=0', admin)).json();
    const level = defs.find((a: any) => a.name === 'TechnicianLevel');
    const [tech] = await app.deps.db.rows<{ id: number }>(sql`select id from users where user_name = '103'`);
    const values = [{ attributeNameId: level.attributeNameId, value: 'High' }];
    const ok = await call('POST', '/api/attributevalues', manager, {
      page: 'User',
      recordId: tech.id,
      values,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const missing = await call('POST', '/api/attributevalues', manager, {
      page: 'User',
      recordId: 987654,
      values,
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['recordId']);
    // A page named like an Object.prototype member is a plain (own) tab page, never a crash.
    const odd = await call('POST', '/api/attributevalues', manager, {
      page: 'constructor',
      recordId: 0,
      values,
    });
    expect(odd.statusCode).toBe(400);
  });

  it("a Manager sets a Lead Technician's profile picture", async () => {
    const [tech] = await app.deps.db.rows<{ id: number }>(sql`select id from users where user_name = '103'`);
    const upload = multipart(
      { userId: String(tech.id) },
      { name: 'x.png', type: 'image/png', data: PNG_1X1 },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/profilePicture',
      payload: upload.payload,
      headers: { ...auth(manager), ...upload.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('security: role escalation — users.read alone writes nothing; a System Admin does all', () => {
  it('an Admin Assistant (users.read) reads employees but cannot create, edit or promote', async () => {
    const assistant = await login(app, DEMO.adminAssistant);
    expect((await call('GET', '/api/users', assistant)).statusCode).toBe(200);
    const [me] = await app.deps.db.rows<{ id: number }>(sql`select id from users where user_name = '104'`);
    expect((await call('POST', '/api/users', assistant, { ...employee, userName: '760' })).statusCode).toBe(
      403,
    );
    const self = await call('PUT', `/api/users/${me.id}`, assistant, {
      ...(await bodyOf(me.id)),
      userRoleId: 1,
    });
    expect(self.statusCode).toBe(403);
    expect((await userRow(me.id)).role).toBe(4);
  });

  it('a System Admin creates a System Admin, demotes and reactivates them', async () => {
    const created = await call('POST', '/api/users', admin, { ...employee, userName: '761', userRoleId: 1 });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    const body = await bodyOf(id);
    // Once a System Admin, that account is beyond a Manager's reach.
    expectRefused(await call('PUT', `/api/users/${id}`, manager, { ...body, userRoleId: 2 }));
    const demoted = await call('PUT', `/api/users/${id}`, admin, { ...body, userRoleId: 3, isActive: false });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await userRow(id)).toEqual(expect.objectContaining({ role: 3, active: false }));
    const back = await call('PUT', `/api/users/${id}`, admin, { ...body, password: '135790' });
    expect(back.statusCode, back.body).toBe(200);
    expect((await userRow(id)).role).toBe(1);
  });
});

describe('security: facility and brand written on an employee or selected by a user must be usable', () => {
  let inactive: number;
  beforeAll(async () => {
    [{ id: inactive }] = await app.deps.db.rows<{ id: number }>(
      sql`insert into facilities (code, name, short_name, is_active) values ('ZZ-CLOSED', 'Closed shop', 'Closed', false)
          returning id`,
    );
  });

  it('an employee cannot be created in or moved to an inactive or unknown facility (400 on facilityId)', async () => {
    for (const facilityId of [inactive, 987654]) {
      const res = await call('POST', '/api/users', admin, { ...employee, userName: '762', facilityId });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['facilityId']);
    }
    const created = (await call('POST', '/api/users', admin, { ...employee, userName: '763' })).json();
    const moved = await call('PUT', `/api/users/${created.id}`, admin, {
      ...(await bodyOf(created.id)),
      facilityId: inactive,
    });
    expect(moved.statusCode).toBe(400);
    expect((await call('GET', `/api/users/${created.id}`, admin)).json().facilityId).toBe(1);
  });

  it('an employee cannot be given an unknown brand (400 on brandId); an existing brand or none is fine', async () => {
    const [{ id: unknownBrand }] = await app.deps.db.rows<{ id: number }>(
      sql`select coalesce(max(id), 0) + 1000 as id from brands`,
    );
    const res = await call('POST', '/api/users', admin, {
      ...employee,
      userName: '764',
      brandId: unknownBrand,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ brandId: ['Brand does not exist'] });
    expect(
      (await app.deps.db.rows(sql`select 1 from users where user_name = '764'`)).length,
      'nobody created',
    ).toBe(0);
    const created = await call('POST', '/api/users', admin, { ...employee, userName: '765', brandId: 2 });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const body = await bodyOf(id);
    const moved = await call('PUT', `/api/users/${id}`, manager, { ...body, brandId: unknownBrand });
    expect(moved.statusCode, moved.body).toBe(400);
    expect(moved.json().errors).toEqual({ brandId: ['Brand does not exist'] });
    expect((await call('GET', `/api/users/${id}`, admin)).json().brandId).toBe(2);
    for (const brandId of [3, null]) {
      const ok = await call('PUT', `/api/users/${id}`, manager, { ...body, brandId });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().brandId).toBe(brandId);
    }
  });

  it('a user may select their own active facility, not an inactive one nor one they are not allowed', async () => {
    const tech = await login(app, DEMO.repairTech);
    const res = await call('POST', '/api/Users/SelectFacility', tech, { facilityId: inactive });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['facilityId']);
    expect((await call('POST', '/api/Users/SelectFacility', tech, { facilityId: 1 })).statusCode).toBe(200);
    expect((await call('POST', '/api/Users/SelectFacility', tech, { facilityId: 2 })).statusCode).toBe(403);
  });
});
