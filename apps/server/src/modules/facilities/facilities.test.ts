import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-type.js';
import { samePicture } from '../../files/test-images.js';
import {
  facilities,
  facilityDetail,
  facilityDistances,
  facilityImageResponse,
  problem,
} from '@glass/domain/contracts';
import { auth, createTestApp, DEMO, login, parseAs } from '../../../test/harness.js';
import { multipart, PNG_1X1 } from '../../../test/multipart.js';

let app: App;
let admin: string;
let reviewer: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
  reviewer = await login(app, DEMO.reviewer);
});
afterAll(() => app.close());

const get = (url: string, token = admin) => app.inject({ method: 'GET', url, headers: auth(token) });
const post = (url: string, payload: object, token = admin) =>
  app.inject({ method: 'POST', url, payload, headers: auth(token) });
const upload = (url: string, data: Buffer, fields: Record<string, string> = {}, token = admin) => {
  const body = multipart(fields, { name: 'icon.png', type: 'image/png', data });
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...auth(token), ...body.headers },
  });
};

const newFacility = {
  facilityId: -1,
  code: '901',
  name: 'Test Glass Spring',
  shortName: 'Spring',
  brandId: 1,
  didPhone: '2815550199',
  tzo: 300,
  taxRate: 0.0825,
  address: '1 Spring Rd',
  city: 'Spring',
  state: 'TX',
  zip: '77373',
  latitude: 30.08,
  longitude: -95.42,
  serviceWriters: [{ name: 'Pat Writer', phone: '7135550101' }],
  trafficCounts: [{ trafficDateTime: '2024-06-01T13:00:00Z', trafficCount: 12 }],
  attributes: [{ nameId: 11 }],
};

describe('facilities', () => {
  it('lists by short name, filtered by IsActive and SearchTerm', async () => {
    const all = parseAs(facilities, await get('/api/facilities?IsActive=true'));
    const shorts = all.map((f: any) => f.shortName);
    expect(shorts).toEqual([...shorts].sort());
    // Other test files on the shared PostgreSQL database add facilities of their own: the seed's are checked.
    expect(all.find((f: any) => f.shortName === 'Cypress')).toEqual(
      expect.objectContaining({ code: '102', didPhone: expect.any(String), tzo: 300 }),
    );
    const found = parseAs(facilities, await get('/api/facilities?SearchTerm=katy'));
    expect(found.map((f: any) => f.shortName)).toContain('Katy');
    expect(found.every((f: any) => JSON.stringify(f).toLowerCase().includes('katy'))).toBe(true);
    expect(found.map((f: any) => f.shortName)).not.toContain('Cypress');
  });

  it('creates with facilityId -1, postalCode from zip, children, attribute value defaulting to empty', async () => {
    const res = await post('/api/facilities', newFacility);
    expect(res.statusCode, res.body).toBe(200);
    const f = parseAs(facilityDetail, res);
    expect(f.id).toBeGreaterThan(5);
    expect(f.zip).toBe('77373');
    expect(f.serviceWriters.map((w: any) => w.name)).toEqual(['Pat Writer']);
    expect(f.trafficCounts[0].trafficCount).toBe(12);
    expect(f.attributes.find((a: any) => a.nameId === 11)?.value).toBe('');
    const logs = await app.deps.db.rows(
      sql`select 1 from activity_logs where record_type = 'Facility' and record_id = ${f.id}`,
    );
    expect(logs.length).toBe(1);

    const update = {
      ...newFacility,
      facilityId: f.id,
      name: 'Test Glass Spring North',
      serviceWriters: [],
      trafficCounts: [{ trafficDateTime: '2024-06-01T13:00:00Z', trafficCount: 15 }],
    };
    const saved = parseAs(facilityDetail, await post('/api/facilities', update));
    expect(saved.name).toBe('Test Glass Spring North');
    expect(saved.serviceWriters.every((w: any) => !w.isActive)).toBe(true);
    expect(saved.trafficCounts[0].trafficCount).toBe(15);
  });

  it('refuses invalid saves with field messages, a duplicate number with 409, a Reviewer with 403', async () => {
    const bad = await post('/api/facilities', {
      ...newFacility,
      code: '',
      state: 'XX',
      trafficCounts: [{ trafficDateTime: 'x', trafficCount: 1.5 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(parseAs(problem, bad).errors ?? {})).toEqual(
      expect.arrayContaining([
        'code',
        'state',
        'trafficCounts.0.trafficDateTime',
        'trafficCounts.0.trafficCount',
      ]),
    );
    const dup = await post('/api/facilities', { ...newFacility, code: '101' });
    expect(dup.statusCode).toBe(409);
    expect(parseAs(problem, dup).errors?.code).toBeDefined();
    expect((await post('/api/facilities', newFacility, reviewer)).statusCode).toBe(403);
    expect(
      (await post('/api/facilities', { ...newFacility, iconImageFile: '../../etc/passwd' })).statusCode,
    ).toBe(400);
  });

  it('uploads an icon checked by content and serves it back; refuses other content and bad paths', async () => {
    const res = await upload('/api/facilities/uploadIcon', PNG_1X1, { facilityId: '2' });
    expect(res.statusCode, res.body).toBe(200);
    const { filePath } = parseAs(facilityImageResponse, res);
    expect(filePath).toMatch(/^facilities\/.+\.png$/);
    expect(parseAs(facilityDetail, await get('/api/facilities/2')).iconImageFile).toBe(filePath);
    const pic = await get(`/api/facilities/picture?FilePath=${encodeURIComponent(filePath)}`);
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/png');
    expect(await samePicture(pic.rawPayload, PNG_1X1)).toBe(true);

    const html = await upload(
      '/api/facilities/uploadLogo',
      Buffer.from('<html><script>alert(1)</script></html>'),
    );
    expect(html.statusCode).toBe(400);
    expect(html.json().errors.file[0]).toMatch(/PNG, JPEG, GIF or WebP/);
    const big = await upload(
      '/api/facilities/uploadLogo',
      Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]),
    );
    expect(big.statusCode).toBe(413);
    for (const p of ['../../package.json', 'facilities/../../x.png', '/etc/passwd', 'users/abcdefgh.png']) {
      expect((await get(`/api/facilities/picture?FilePath=${encodeURIComponent(p)}`)).statusCode).toBe(400);
    }
    expect((await upload('/api/facilities/uploadIcon', PNG_1X1, {}, reviewer)).statusCode).toBe(403);
  });

  it('latlong: distance from a point, nearest first', async () => {
    const rows = parseAs(
      facilityDistances,
      await get('/api/facilities/latlong?latitude=29.784537&longitude=-95.75247'),
    );
    expect(rows[0].shortName).toBe('Katy');
    expect(rows[0].distance).toBe(0);
    expect(rows.map((r: any) => r.distance)).toEqual(
      [...rows.map((r: any) => r.distance)].sort((a, b) => a - b),
    );
    expect(Object.keys(rows[0]).sort()).toEqual([
      'address',
      'city',
      'distance',
      'id',
      'latitude',
      'longitude',
      'name',
      'shortName',
      'state',
      'zip',
    ]);
  });
});
