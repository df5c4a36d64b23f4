import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../../../test/harness.js';
import { JPEG, multipart, PNG } from '../../service-vehicles/test-helpers.js';
import {
  createInvoice,
  type InvoiceTestContext,
  invoiceClient,
  invoiceTestContext,
} from '../test-helpers.js';

let t: InvoiceTestContext;
let api: ReturnType<typeof invoiceClient>;
beforeAll(async () => {
  t = await invoiceTestContext();
  api = invoiceClient(t.app);
});
afterAll(() => t.app.close());

const MISSING = 2_000_000_000;

describe('GET/POST /api/InvoicesHistory', () => {
  it('adds an entry by the caller and lists newest first, contacts alone with ContactItem', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const res = await api.post('/api/InvoicesHistory', t.adminAssistant, {
      invoiceId: id,
      activity: 'Called customer',
      details: 'Left a voicemail',
      contactItem: true,
    });
    expect(res.statusCode).toBe(201);
    const entry = res.json();
    expect(entry).toEqual(
      expect.objectContaining({
        invoiceId: id,
        activity: 'Called customer',
        details: 'Left a voicemail',
        contactItem: true,
        user: { id: expect.any(Number), name: expect.any(String) },
        activityLogId: expect.any(Number),
      }),
    );
    const old = await api.post('/api/InvoicesHistory', t.adminAssistant, {
      invoiceId: id,
      activity: 'Old note',
      activityDateTime: '2020-01-02T03:04:05Z',
    });
    expect(old.json().activityDateTime).toMatch(/^2020-01-02/);
    const all = (await api.get(`/api/InvoicesHistory?InvoiceId=${id}`, t.reviewer)).json();
    expect(all[0].id).toBe(entry.id);
    expect(all.at(-1).activity).toBe('Old note');
    const contacts = (
      await api.get(`/api/InvoicesHistory?InvoiceId=${id}&ContactItem=true`, t.reviewer)
    ).json();
    expect(contacts.map((e: { id: number }) => e.id)).toEqual([entry.id]);
  });

  it('validates (400 by field), checks the role (403), the invoice (404) and the lock (409)', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const bad = await api.post('/api/InvoicesHistory', t.admin, { invoiceId: id, activity: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.activity).toBeTruthy();
    expect(
      (await api.get('/api/InvoicesHistory?InvoiceId=abc', t.admin)).json().errors.InvoiceId,
    ).toBeTruthy();
    expect(
      (await api.post('/api/InvoicesHistory', t.reviewer, { invoiceId: id, activity: 'x' })).statusCode,
    ).toBe(403);
    expect((await api.get(`/api/InvoicesHistory?InvoiceId=${MISSING}`, t.admin)).statusCode).toBe(404);
    expect(
      (await api.post('/api/InvoicesHistory', t.admin, { invoiceId: MISSING, activity: 'x' })).statusCode,
    ).toBe(404);
    await api.put(`/api/Invoices/${id}/LockForCurrentUser`, t.leadTech);
    const locked = await api.post('/api/InvoicesHistory', t.admin, { invoiceId: id, activity: 'x' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().detail).toMatch(/is locked by/);
  });
});

describe('GET/POST /api/Invoices/{id}/ExtraImages', () => {
  const upload = async (
    id: number,
    token: string,
    files: Parameters<typeof multipart>[1],
    caption = 'Before',
  ) => {
    const { payload, contentType } = await multipart({ Caption: caption }, files);
    return t.app.inject({
      method: 'POST',
      url: `/api/Invoices/${id}/ExtraImages`,
      payload,
      headers: { ...auth(token), 'content-type': contentType },
    });
  };

  it('stores several images checked by content and serves them by url', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const res = await upload(id, t.repairTech, [
      { field: 'Files', name: 'front.png', data: PNG },
      { field: 'Files', name: 'side.jpg', data: JPEG },
    ]);
    expect(res.statusCode).toBe(201);
    const list = res.json();
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual(
      expect.objectContaining({ caption: 'Before', url: expect.stringMatching(/^\/api\/files\/invoices\//) }),
    );
    expect(list[0].user.name).toBeTruthy();
    const file = await t.app.inject({
      method: 'GET',
      url: list.find((i: any) => i.url.endsWith('.png')).url,
      headers: auth(t.reviewer),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await api.get(`/api/Invoices/${id}/ExtraImages`, t.reviewer)).json()).toHaveLength(2);
  });

  it('refuses non-images (400), no file (400), readers (403), unknown (404) and finalized invoices (409)', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const fake = await upload(id, t.admin, [
      { field: 'Files', name: 'x.png', data: new TextEncoder().encode('<svg/>') },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors.Files).toBeTruthy();
    expect((await upload(id, t.admin, [])).json().errors.Files).toBeTruthy();
    expect((await upload(id, t.reviewer, [{ field: 'Files', name: 'a.png', data: PNG }])).statusCode).toBe(
      403,
    );
    expect((await upload(MISSING, t.admin, [{ field: 'Files', name: 'a.png', data: PNG }])).statusCode).toBe(
      404,
    );
    expect((await api.get(`/api/Invoices/${MISSING}/ExtraImages`, t.admin)).statusCode).toBe(404);
    await api.post(`/api/Invoices/${id}/submit`, t.admin);
    await api.post(`/api/Invoices/${id}/finalize`, t.admin);
    const closed = await upload(id, t.admin, [{ field: 'Files', name: 'a.png', data: PNG }]);
    expect(closed.statusCode).toBe(409);
    expect((await api.get(`/api/Invoices/${id}/ExtraImages`, t.admin)).json()).toEqual([]);
  });
});
