import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, DEMO } from '../../test/harness.js';
import type { App } from '../app-type.js';
import { formPost, PNG, tokenFor } from '../modules/conversations/test-helpers.js';
import { createInvoice } from '../modules/invoices/test-helpers.js';
import { createSv } from '../modules/service-vehicles/test-helpers.js';
import { samePicture } from './test-images.js';

let app: App;
let dataDir: string;
const tokens: Record<string, string> = {};
const LEAD_TECH = 103;
beforeAll(async () => {
  app = await createTestApp();
  // createTestApp gives the app a private data directory (FileStores built with a fixed directory keep it).
  dataDir = app.deps.config.dataDir;
  for (const who of ['admin', 'manager', 'adminAssistant', 'leadTech', 'repairTech', 'reviewer'] as const)
    tokens[who] = await tokenFor(app, DEMO[who]);
  // An account without a job yet (role None: no action at all, not even invoice.read).
  const userName = `nr${randomBytes(4).toString('hex')}`;
  const [none] = await app.deps.db.rows<{ id: number }>(
    sql`insert into users (user_name, password_hash, first_name, last_name, user_role_id)
        values (${userName}, 'not-a-hash', 'No', 'Role', 0) returning id`,
  );
  tokens.none = (await app.deps.sessions.create(none.id, { ip: '127.0.0.1' })).token;
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: auth(token) });

async function postForm(url: string, token: string, fields: Record<string, string | number[]>, file: object) {
  const { payload, headers } = await formPost(fields, file as Parameters<typeof formPost>[1]);
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, ...auth(token) } });
}

/** Admin assistant → lead technician, with an image; answers the image's path. */
async function conversationImage(name = 'Private Photo.png') {
  const res = await postForm(
    '/api/Conversations/Start',
    tokens.adminAssistant,
    { Subject: 'Photo', Message: 'Only for you', 'RecipientUserIds[]': [LEAD_TECH] },
    { name, type: 'image/png', data: PNG },
  );
  expect(res.statusCode).toBe(201);
  return res.json().messages[0].imageAttachmentPath as string;
}

describe('security: stored files are readable only by who may read their record (hole 5)', () => {
  it('a message image: the sender and the recipient get it, users outside the conversation get 404', async () => {
    const rel = await conversationImage();
    for (const who of ['adminAssistant', 'leadTech']) {
      const res = await get(`/api/files/${rel}`, tokens[who]);
      expect(res.statusCode, who).toBe(200);
      expect(await samePicture(res.rawPayload, PNG)).toBe(true);
    }
    for (const who of ['reviewer', 'repairTech', 'manager', 'admin']) {
      const res = await get(`/api/files/${rel}`, tokens[who]);
      expect(res.statusCode, who).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      // The same answer as a path that never existed: existence does not leak.
      expect(res.json().detail).toBe((await get('/api/files/messages/nope.png', tokens[who])).json().detail);
    }
  });

  it('a stored name keeps the timestamp and adds 16 random hex digits, so it cannot be guessed', async () => {
    const a = await conversationImage('Same Name.png');
    const b = await conversationImage('Same Name.png');
    const shape = /^messages\/\d{4}\/\d{2}\/Same_Name_\d{8}T\d{9}_([0-9a-f]{16})\.png$/;
    expect(a).toMatch(shape);
    expect(b).toMatch(shape);
    expect(a.match(shape)![1]).not.toBe(b.match(shape)![1]);
  });

  it('an invoice image: every invoice reader (Reviewer too) gets it; role None does not', async () => {
    const { id } = await createInvoice(app, tokens.admin);
    const res = await postForm(
      `/api/Invoices/${id}/ExtraImages`,
      tokens.admin,
      { Caption: 'Before' },
      { name: 'front.png', type: 'image/png', data: PNG, field: 'Files' },
    );
    expect(res.statusCode).toBe(201);
    const url = res.json()[0].url as string;
    expect(url).toMatch(/^\/api\/files\/invoices\/\d+\/\d{4}\/\d{2}\/front_\d{8}T\d{9}_[0-9a-f]{16}\.png$/);
    for (const who of ['reviewer', 'repairTech', 'leadTech', 'adminAssistant']) {
      expect((await get(url, tokens[who])).statusCode, who).toBe(200);
    }
    const none = await get(url, tokens.none);
    expect([403, 404]).toContain(none.statusCode);
    expect(none.rawPayload.equals(PNG)).toBe(false);
  });

  it('a service vehicle image: every service vehicle reader gets it; role None does not', async () => {
    const sv = await createSv(app, tokens.admin);
    const { payload, headers } = await formPost(
      {},
      { name: 'ro.png', type: 'image/png', data: PNG, field: 'ROImageFile' },
    );
    const res = await app.inject({
      method: 'PUT',
      url: `/api/ServiceVehicle/${sv.id}`,
      payload,
      headers: { ...headers, ...auth(tokens.admin) },
    });
    expect(res.statusCode).toBe(200);
    const rel = res.json().images.roImagePath as string;
    expect(rel).toMatch(/_\d{8}T\d{9}_[0-9a-f]{16}\.png$/);
    for (const who of ['reviewer', 'repairTech', 'leadTech']) {
      expect((await get(`/api/files/${rel}`, tokens[who])).statusCode, who).toBe(200);
    }
    expect([403, 404]).toContain((await get(`/api/files/${rel}`, tokens.none)).statusCode);
  });

  it("an invoice's or a service vehicle's file is 404 to a user bound to other facilities (decision 0016)", async () => {
    const { id, serviceVehicleId } = await createInvoice(app, tokens.admin);
    const image = await postForm(
      `/api/Invoices/${id}/ExtraImages`,
      tokens.admin,
      {},
      { name: 'front.png', type: 'image/png', data: PNG, field: 'Files' },
    );
    const invoiceUrl = image.json()[0].url as string;
    const { payload, headers } = await formPost(
      {},
      { name: 'ro.png', type: 'image/png', data: PNG, field: 'ROImageFile' },
    );
    const sv = await app.inject({
      method: 'PUT',
      url: `/api/ServiceVehicle/${serviceVehicleId}`,
      payload,
      headers: { ...headers, ...auth(tokens.admin) },
    });
    const svUrl = `/api/files/${sv.json().images.roImagePath as string}`;
    for (const url of [invoiceUrl, svUrl]) expect((await get(url, tokens.reviewer)).statusCode).toBe(200);
    const [other] = await app.deps.db.rows<{ id: number }>(
      sql`select id from facilities where id <> 1 order by id limit 1`,
    );
    await app.deps.db.rows(sql`update invoices set facility_id = ${other.id} where id = ${id}`);
    await app.deps.db.rows(
      sql`update service_vehicles set facility_id = ${other.id} where id = ${serviceVehicleId}`,
    );
    for (const url of [invoiceUrl, svUrl, `${invoiceUrl}?thumb=1`]) {
      // The demo reviewer and manager work at facility 1 only; the System Admin reaches every facility.
      for (const who of ['reviewer', 'manager'])
        expect((await get(url, tokens[who])).statusCode, who).toBe(404);
      expect((await get(url, tokens.admin)).statusCode).toBe(200);
    }
  });

  it('a file whose owner is unknown or missing is 404 for everyone, even System Admin', async () => {
    const dir = path.join(dataDir, 'files', 'stray');
    fs.mkdirSync(dir, { recursive: true });
    const cases = [
      { owner: sql`null, null`, name: `unowned-${randomBytes(4).toString('hex')}.png` },
      { owner: sql`'Bogus', 1`, name: `bogus-${randomBytes(4).toString('hex')}.png` },
      { owner: sql`'Message', 2000000000`, name: `gone-${randomBytes(4).toString('hex')}.png` },
      { owner: sql`'Invoice', null`, name: `nullid-${randomBytes(4).toString('hex')}.png` },
    ];
    for (const c of cases) {
      fs.writeFileSync(path.join(dir, c.name), PNG);
      await app.deps.db.rows(
        sql`insert into stored_files (path, mime, size, owner_type, owner_id)
            values (${`stray/${c.name}`}, 'image/png', ${PNG.length}, ${c.owner})`,
      );
      expect((await get(`/api/files/stray/${c.name}`, tokens.admin)).statusCode, c.name).toBe(404);
    }
  });

  it('a profile picture is shown to any signed-in user (lists show it)', async () => {
    const { payload, headers } = await formPost(
      {},
      { name: 'me.png', type: 'image/png', data: PNG, field: 'file' },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/profilePicture',
      payload,
      headers: { ...headers, ...auth(tokens.reviewer) },
    });
    expect(res.statusCode).toBe(200);
    const [{ photo }] = await app.deps.db.rows<{ photo: string }>(
      sql`select photo from users where user_name = ${DEMO.reviewer.userName}`,
    );
    expect((await get(`/api/files/${photo}`, tokens.repairTech)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/files/${photo}` })).statusCode).toBe(401);
  });

  // Sent over a real socket with the path exactly as written: app.inject (like a browser) would resolve
  // '..', '%2e%2e' and '.' segments before the request leaves, and an attacker's client does not.
  it('path traversal spellings are 404, never a file outside the store', async () => {
    const rel = await conversationImage();
    const [, folder, rest] = rel.match(/^(messages)\/(.*)$/)!;
    const year = rest.slice(0, 4);
    // Something outside the store a traversal would reach: <dataDir>/secret.txt.
    fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'root:x:0:0');
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const raw = (pathText: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(`${address}/`, { path: pathText, headers: auth(tokens.leadTech) }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    expect((await raw(`/api/files/${rel}`)).status).toBe(200);
    for (const evil of [
      '../secret.txt',
      '..%2fsecret.txt',
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '%2e%2e/secret.txt',
      '%2e%2e%2fsecret.txt',
      '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
      '%252e%252e%252fsecret.txt',
      '..%5csecret.txt',
      '..\\secret.txt',
      '/etc/passwd',
      '//etc/passwd',
      '%2fetc%2fpasswd',
      `${folder}/../../secret.txt`,
      `${folder}/${year}/../${rest}`,
      `${folder}/${year}/%2e%2e/${rest}`,
      `${folder}/./${rest}`,
      `${folder}/%2E/${rest}`,
      `${folder}//${rest}`,
      `${folder}%2f%2f${rest}`,
      `${rel}/.`,
      `${rel}/%2e`,
      'nope.png',
    ]) {
      const res = await raw(`/api/files/${evil}`);
      expect(res.status, evil).toBe(404);
      expect(res.body, evil).not.toMatch(/root:|at .*\.ts|select /i);
    }
    // A NUL byte is refused as bad input (400, input-guards.ts) or not found, never served.
    expect([400, 404]).toContain((await raw(`/api/files/${rel}%00.png`)).status);
  });
});
