import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../../app.js';
import { sniffImage } from '../../files/image-type.js';
import { auth, createTestApp, DEMO, login } from '../../../test/harness.js';

/** Issue #13 item 5: every file a seeded row points at exists and is served to who may read its record. */
describe('seeded files', () => {
  let app: App;
  let admin: string;
  beforeAll(async () => {
    app = await createTestApp();
    admin = await login(app, DEMO.admin);
  });
  afterAll(() => app.close());

  const get = (url: string, token = admin) => app.inject({ method: 'GET', url, headers: auth(token) });
  /**
   * Files stored after the seed finished: on the shared PostgreSQL database other test files add rows whose
   * files live in their own apps' folders (or, in the audit tests, rows that point at no file at all), so only
   * the seed's own files are checked here.
   */
  const seededAt = inject('seededAt') ?? new Date().toISOString();
  const laterFiles = sql`(select path from stored_files where created_at > ${seededAt}::timestamptz)`;

  it('every invoice, service vehicle and approval file path answers 200 for an admin, with its content', async () => {
    const refs = await app.deps.db.rows<{ kind: string; path: string }>(
      sql`select 'service vehicle RO image' as kind, ro_image_path as path from service_vehicles where ro_image_path is not null
          union all select 'insurance card', insurance_card_image_path from service_vehicles where insurance_card_image_path is not null
          union all select 'windshield image', unnest(windshield_image_paths) from service_vehicles where windshield_image_paths is not null
          union all select 'invoice signature', signature_path from invoices where signature_path is not null
          union all select 'signature record', path from invoice_signatures
          union all select 'invoice image', path from invoice_images where created_at <= ${seededAt}::timestamptz
          union all select 'invoice PDF', path from invoice_pdfs
          union all select 'approval signature', signature_path from customer_approvals where signature_path is not null
          union all select 'deposit PDF', pdf_path from deposit_invoices where pdf_path is not null
          union all select 'appointment photo', f.path from appointment_status_update_files f
            join appointment_status_updates u on u.id = f.status_update_id where u.created_at <= ${seededAt}::timestamptz
          union all select 'facility icon', icon_image_file from facilities where icon_image_file is not null
          union all select 'facility logo', logo_image_file from facilities where logo_image_file is not null`,
    );
    const later = new Set(
      (await app.deps.db.rows<{ path: string }>(sql`select path from ${laterFiles} f`)).map((r) => r.path),
    );
    const seeded = refs.filter((r) => !later.has(r.path));
    const kinds = new Set(seeded.map((r) => r.kind));
    for (const kind of ['service vehicle RO image', 'invoice signature', 'invoice image', 'invoice PDF']) {
      expect(kinds, kind).toContain(kind);
    }
    const failures: string[] = [];
    for (const { kind, path } of seeded) {
      const res = await get(`/api/files/${path}`);
      const body = res.rawPayload;
      const ok =
        res.statusCode === 200 &&
        (path.endsWith('.pdf')
          ? res.headers['content-type'] === 'application/pdf' && body.subarray(0, 5).toString() === '%PDF-'
          : sniffImage(body)?.mime === res.headers['content-type']);
      if (!ok) failures.push(`${kind} ${path}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("a signed invoice's signature answers 200 from its route", async () => {
    const [signed] = await app.deps.db.rows<{ id: number }>(
      sql`select invoice_id as id from invoice_signatures where path not in ${laterFiles}
          order by invoice_id desc limit 1`,
    );
    expect(signed).toBeDefined();
    const res = await get(`/api/Invoices/${signed.id}/signature`);
    expect(res.statusCode, res.body).toBe(200);
    expect(sniffImage(res.rawPayload)?.mime).toBe('image/png');
    const meta = (await get(`/api/Invoices/${signed.id}/SignaturePath`)).json();
    expect((await get(`/api/files/${meta.path}`)).statusCode).toBe(200);
  });

  it('message attachments open for the demo account that sent them, through the imageAttachmentUrl the list gives', async () => {
    const rows = await app.deps.db.rows<{ id: number; conversationId: number; from: number }>(
      sql`select id, conversation_id as "conversationId", message_from_user_id as from from messages
          where image_attachment_path is not null and image_attachment_path not in ${laterFiles} order by id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const accounts = Object.values(DEMO);
    for (const m of rows) {
      const who = accounts.find((a) => a.userName === String(m.from));
      expect(who, `sender ${m.from} of message ${m.id}`).toBeDefined();
      const token = await login(app, who!);
      const list = await get(`/api/Conversations?$filter=id eq ${m.conversationId}&$expand=Messages`, token);
      expect(list.statusCode, list.body).toBe(200);
      const msg = list.json().value[0]?.messages.find((x: { id: number }) => x.id === m.id);
      expect(msg?.imageAttachmentUrl, `message ${m.id}`).toMatch(/^\/api\/files\/messages\//);
      const file = await get(msg.imageAttachmentUrl, token);
      expect(file.statusCode, `message ${m.id}`).toBe(200);
      expect(sniffImage(file.rawPayload)?.mime).toBe('image/png');
    }
  });
});
