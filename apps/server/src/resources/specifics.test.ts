import { PASSWORDS_DO_NOT_MATCH } from '@glass/domain/resources/index';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app-type.js';
import { auth, createTestApp, DEMO, login } from '../../test/harness.js';
import { decryptSecret } from './secrets.js';

/** What the generic suite cannot say: the rules particular to some declarations. */
let app: App;
let admin: string;
let manager: string;
let leadTech: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
  manager = await login(app, DEMO.manager);
  leadTech = await login(app, DEMO.leadTech);
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  app.inject({ method, url, payload, headers: auth(token) });

/** Sorted as PostgreSQL sorts text: byte order (PGlite's C collation) or the server's locale. */
function sortedEitherWay(names: string[]): boolean {
  const c = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const locale = [...names].sort((a, b) => a.localeCompare(b));
  return [c, locale].some((s) => s.join('|') === names.join('|'));
}

describe('mailboxes', () => {
  const body = {
    name: 'Spec Mailbox',
    smtpServer: 'smtp.example.com',
    port: 465,
    account: 'a@example.com',
    fromEmail: 'a@example.com',
    password: 'Pw-1',
    confirmPassword: 'Pw-1',
  };

  it('refuses a confirmation that differs, on confirmPassword', async () => {
    const res = await call('POST', '/api/mailboxes', admin, { ...body, confirmPassword: 'other' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.confirmPassword).toEqual([PASSWORDS_DO_NOT_MATCH]);
  });

  it('requires a password on create only; never returns it; stores it encrypted; keeps it when blank', async () => {
    const missing = await call('POST', '/api/mailboxes', admin, {
      ...body,
      password: '',
      confirmPassword: '',
    });
    expect(missing.json().errors.password).toEqual(['Password is required']);
    const created = await call('POST', '/api/mailboxes', admin, body);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const lists = [
      created.body,
      (await call('GET', '/api/mailboxes', admin)).body,
      (await call('GET', `/api/mailboxes/${id}`, admin)).body,
    ];
    for (const text of lists) expect(text).not.toMatch(/password|Pw-1|aesgcm/i);
    const stored = async () =>
      (
        await app.deps.db.rows<{ s: string }>(
          sql`select password_secret as s from mailboxes where id = ${id}`,
        )
      )[0].s;
    expect(decryptSecret(await stored(), app.deps.config.secretsKey)).toBe('Pw-1');
    const kept = await call('PUT', `/api/mailboxes/${id}`, admin, {
      ...body,
      name: 'Renamed',
      password: '',
      confirmPassword: '',
    });
    expect(kept.statusCode).toBe(200);
    expect(decryptSecret(await stored(), app.deps.config.secretsKey)).toBe('Pw-1');
    const details = await app.deps.db.rows<{ value: string }>(
      sql`select d.value from activity_log_details d join activity_logs l on l.id = d.activity_log_id
          where l.record_type = 'Mailbox' and l.record_id = ${id} and d.name = 'password'`,
    );
    expect(details.map((d) => d.value)).toEqual(['(set)']);
  });
});

describe('options', () => {
  it('hides adminOnly options from a Manager, shows them to a System Admin', async () => {
    const all = (await call('GET', '/api/Options?$top=100', admin)).json().value;
    const some = (await call('GET', '/api/Options?$top=100', manager)).json().value;
    expect(all.some((o: any) => o.adminOnly)).toBe(true);
    expect(some.some((o: any) => o.adminOnly)).toBe(false);
    expect(some.length).toBeGreaterThan(0);
    const hidden = all.find((o: any) => o.adminOnly);
    expect((await call('GET', `/api/Options/${hidden.id}`, manager)).statusCode).toBe(404);
    const edit = { ...hidden, value: 'x', adminOnly: false };
    expect((await call('PUT', `/api/Options/${hidden.id}`, manager, edit)).statusCode).toBe(404);
  });

  it('lets a Manager edit ordinary options but not create or flag adminOnly ones', async () => {
    const open = (await call('GET', '/api/Options?$filter=id eq 36', manager)).json().value[0];
    const ok = await call('PUT', `/api/Options/36`, manager, { ...open, value: '9' });
    expect(ok.json().value).toBe('9');
    expect((await call('PUT', `/api/Options/36`, manager, { ...open, adminOnly: true })).statusCode).toBe(
      403,
    );
    const create = await call('POST', '/api/Options', manager, {
      name: 'MgrSecret',
      value: '1',
      adminOnly: true,
    });
    expect(create.statusCode).toBe(403);
    // Put the park-line count back: other test files share the PostgreSQL database.
    expect((await call('PUT', `/api/Options/36`, manager, open)).json().value).toBe(open.value);
  });

  it('lets every signed-in role read the ordinary options (the footer reads park lines)', async () => {
    const res = await call('GET', '/api/Options?$filter=id eq 36', leadTech);
    expect(res.json().value[0].name).toBe('ParkLines');
  });
});

describe('plain lists the start-up load and other screens read', () => {
  it('GET /api/vendors: active vendors, short shape, for any role', async () => {
    const rows = (await call('GET', '/api/vendors', leadTech)).json();
    expect(rows.length).toBeGreaterThan(3);
    expect(Object.keys(rows[0]).sort()).toEqual(['brandId', 'email', 'id', 'name', 'phone']);
    const names = rows.map((r: any) => r.name);
    expect(names).not.toContain('Gulf Freeway Glass');
    expect(sortedEitherWay(names)).toBe(true);
  });

  it('GET /api/phoneExtensions/list by userId, ordered by name', async () => {
    const rows = (await call('GET', '/api/phoneExtensions/list?userId=101', leadTech)).json();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r: any) => r.userId === 101)).toBe(true);
    expect((await call('GET', '/api/phoneExtensions/list?userId=abc', leadTech)).statusCode).toBe(400);
  });

  it('GET /api/materials/droplist and GET /api/insuranceCompany (REST, inactive flagged)', async () => {
    const drop = (await call('GET', '/api/materials/droplist', leadTech)).json();
    expect(Object.keys(drop[0]).sort()).toEqual(['id', 'name']);
    const insurers = (await call('GET', '/api/insuranceCompany', admin)).json();
    // On the shared PostgreSQL database other test files add insurers of their own: the seed's are checked.
    const inactive = insurers.filter((i: any) => i.inactive).map((i: any) => i.name);
    expect(inactive).toEqual(expect.arrayContaining(['Dairyland', 'Old Gulf Mutual']));
    expect(insurers.find((i: any) => i.name === 'USAA')?.inactive).toBeFalsy();
    const active = (await call('GET', '/api/insuranceCompany?inactive=false', admin)).json();
    expect(active.length).toBe(insurers.length - inactive.length);
    expect(active.some((i: any) => i.inactive)).toBe(false);
  });

  it('GET /api/WindshieldAccessories is ordered by Name ascending', async () => {
    const names = (await call('GET', '/api/WindshieldAccessories', admin))
      .json()
      .value.map((r: any) => r.name);
    expect(sortedEitherWay(names)).toBe(true);
  });
});

describe('database constraint answers', () => {
  it('a duplicate unique name is 409 on the field; an unknown reference is 400 on the field', async () => {
    const dup = await call('POST', '/api/materials', admin, { name: 'Repair Resin' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.name[0]).toMatch(/already used/);
    const fk = await call('POST', '/api/Brands', admin, { name: 'X', shortName: 'X', parentId: 99999 });
    expect(fk.statusCode).toBe(400);
    expect(fk.json().errors.parentId).toEqual(['Parent does not exist']);
  });
});
