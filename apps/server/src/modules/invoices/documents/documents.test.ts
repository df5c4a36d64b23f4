import path from 'node:path';
import { IMAGE_ONLY } from '@glass/domain';
import { formatPhone } from '@glass/domain/rules/phone-format';
import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../../../test/harness.js';
import { multipart, PNG_1X1 } from '../../../../test/multipart.js';
import { samePicture } from '../../../files/test-images.js';
import { filesUnder } from '../../conversations/test-helpers.js';
import { SIGNATURE_NOT_PNG } from './documents-service.js';
import { formatMoney } from './pdf-render.js';
import {
  createInvoice,
  type InvoiceTestContext,
  invoiceClient,
  invoiceHistory,
  invoiceTestContext,
} from '../test-helpers.js';

let t: InvoiceTestContext;
let api: ReturnType<typeof invoiceClient>;
beforeAll(async () => {
  t = await invoiceTestContext();
  api = invoiceClient(t.app);
});
afterAll(() => t.app.close());

const UNKNOWN = 2_000_000_000;

async function pdfText(data: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
}

const postSignature = (id: number, token: string, file?: { name: string; type: string; data: Buffer }) => {
  const body = multipart({}, file && { ...file, field: 'Signature' });
  return t.app.inject({
    method: 'POST',
    url: `/api/Invoices/${id}/signature`,
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
};

describe('invoice PDF', () => {
  it('renders the customer, vehicle, repairs, tax and total; keeps the versions asked for', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    for (const [description, amount] of [
      ['Chip repair', 1000],
      ['Crack repair', 234.56],
    ] as const) {
      expect(
        (await api.post('/api/InvoiceRepairs', t.admin, { invoiceId: id, description, amount })).statusCode,
      ).toBe(201);
    }
    const [{ taxRate, didPhone }] = await t.app.deps.db.rows<{ taxRate: string; didPhone: string | null }>(
      sql`select f.tax_rate::text as "taxRate", f.did_phone as "didPhone" from invoices i join facilities f on f.id = i.facility_id where i.id = ${id}`,
    );
    const tax = Math.round(123456 * Number(taxRate));

    const res = await api.get(`/api/invoices/${id}/pdf`, t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`INVOICE #${id}`);
    expect(text).toContain('Pat Testcase');
    expect(text).toContain('Honda Accord');
    expect(text).toContain('$1,000.00');
    expect(text).toContain(formatMoney(tax));
    expect(text).toContain(formatMoney(123456 + tax));
    // The facility's phone through the domain's one formatter, as the screens print it.
    if (didPhone) expect(text).toContain(formatPhone(didPhone));
    if (didPhone && /^\d{10}$/.test(didPhone)) expect(text).toMatch(/\(\d{3}\) \d{3}-\d{4}/);

    for (let i = 0; i < 2; i++) {
      const kept = await api.post(`/api/Invoices/${id}/pdf`, t.admin);
      expect(kept.statusCode).toBe(201);
      expect(kept.json()).toEqual({
        id: expect.any(Number),
        createdAt: expect.any(String),
        path: expect.stringMatching(/\.pdf$/),
      });
    }
    const list = await api.get(`/api/Invoices/${id}/previousPdfs`, t.reviewer);
    expect(list.statusCode).toBe(200);
    const pdfs = list.json();
    expect(pdfs).toHaveLength(2);
    expect(pdfs[0]).toMatchObject({
      path: expect.stringMatching(/\.pdf$/),
      user: { id: expect.any(Number) },
    });
    expect(pdfs[0].id).toBeGreaterThan(pdfs[1].id);

    const last = await api.get(`/api/Invoices/${id}/lastPdf`, t.admin);
    expect(last.statusCode).toBe(200);
    expect(last.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const one = await api.get(`/api/Invoices/${id}/pdfs/${pdfs[1].id}`, t.admin);
    expect(one.statusCode).toBe(200);
    expect(await pdfText(one.rawPayload)).toContain('Pat Testcase');
    const [log] = await t.app.deps.db.rows(
      sql`select 1 from activity_logs where record_type = 'Invoice' and record_id = ${id} and activity = 'Invoice PDF created'`,
    );
    expect(log).toBeDefined();
  });

  it('answers 404 for unknown invoices and missing PDFs', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    expect((await api.get(`/api/Invoices/${UNKNOWN}/pdf`, t.admin)).statusCode).toBe(404);
    expect((await api.get(`/api/Invoices/${UNKNOWN}/previousPdfs`, t.admin)).statusCode).toBe(404);
    const none = await api.get(`/api/Invoices/${id}/lastPdf`, t.admin);
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe(`Invoice ${id} has no PDF yet.`);
    expect((await api.get(`/api/Invoices/${id}/pdfs/${UNKNOWN}`, t.admin)).statusCode).toBe(404);
    expect((await api.get(`/api/Invoices/${id}/previousPdfs`, t.admin)).json()).toEqual([]);
  });
});

describe('security: viewing an invoice PDF writes nothing (hole 9)', () => {
  const pdfState = async (id: number) => ({
    pdfs: (await api.get(`/api/Invoices/${id}/previousPdfs`, t.reviewer)).json().length as number,
    files: (
      await t.app.deps.db.rows<{ n: number }>(
        sql`select count(*)::int as n from stored_files where owner_type = 'Invoice' and owner_id = ${id}`,
      )
    )[0].n,
    // Bytes written for the invoice, wherever the file store keeps them (disk, or PostgreSQL's chunks).
    onDisk: [
      ...filesUnder(path.join(t.app.deps.config.dataDir, 'files', 'invoices', String(id))),
      ...(
        await t.app.deps.db.rows<{ path: string }>(
          sql`select path from stored_file_chunks where path like ${`invoices/${id}/%`} and n = 0`,
        )
      ).map((r) => r.path),
    ],
    logs: (
      await t.app.deps.db.rows<{ n: number }>(
        sql`select count(*)::int as n from activity_logs where record_type = 'Invoice' and record_id = ${id}
            and activity = 'Invoice PDF created'`,
      )
    )[0].n,
  });

  it('a Reviewer (read only) views the PDF twice: no previous-PDF row, no stored file, no log', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const before = await pdfState(id);
    expect(before).toEqual({ pdfs: 0, files: 0, onDisk: [], logs: 0 });
    for (let i = 0; i < 2; i++) {
      const res = await api.get(`/api/Invoices/${id}/pdf`, t.reviewer);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(await api.get(`/api/Invoices/${id}/pdf`, t.admin).then((r) => r.statusCode)).toBe(200);
    expect(await pdfState(id)).toEqual(before);
    expect((await api.get(`/api/Invoices/${id}/lastPdf`, t.reviewer)).statusCode).toBe(404);
  });

  it('keeping a version is a write: 403 for the Reviewer, 404 for an unknown invoice, nothing stored', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const refused = await api.post(`/api/Invoices/${id}/pdf`, t.reviewer);
    expect(refused.statusCode).toBe(403);
    expect((await api.post(`/api/Invoices/${UNKNOWN}/pdf`, t.admin)).statusCode).toBe(404);
    expect(await pdfState(id)).toEqual({ pdfs: 0, files: 0, onDisk: [], logs: 0 });
  });

  it('e-mailing the invoice keeps exactly the PDF that was sent', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const sent = await api.post('/api/Invoices/sendCustomerInvoice', t.adminAssistant, {
      invoiceId: id,
      email: 'hole9@customer.example',
    });
    expect(sent.statusCode).toBe(200);
    const after = await pdfState(id);
    expect(after).toMatchObject({ pdfs: 1, files: 1, logs: 1 });
    expect(after.onDisk).toHaveLength(1);
    expect((await api.get(`/api/Invoices/${id}/lastPdf`, t.reviewer)).statusCode).toBe(200);
  });
});

describe('invoice signature', () => {
  it('saves a PNG: signed, history "Signed", image and path served, drawn on the PDF', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    expect((await api.get(`/api/Invoices/${id}/SignaturePath`, t.admin)).json()).toEqual({
      path: null,
      signedAt: null,
    });
    expect((await api.get(`/api/Invoices/${id}/signature`, t.admin)).statusCode).toBe(404);

    const res = await postSignature(id, t.repairTech, { name: 'sig.png', type: 'image/png', data: PNG_1X1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, signed: true });
    expect((await invoiceHistory(t.app, id))[0].activity).toBe('Signed');

    const path = await api.get(`/api/invoices/${id}/signaturepath`, t.reviewer);
    expect(path.json()).toEqual({ path: expect.stringMatching(/\.png$/), signedAt: expect.any(String) });
    const image = await api.get(`/api/Invoices/${id}/signature`, t.reviewer);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await samePicture(image.rawPayload, PNG_1X1)).toBe(true);
    expect(await pdfText((await api.get(`/api/Invoices/${id}/pdf`, t.admin)).rawPayload)).toContain(
      'Customer signature',
    );
  });

  it('refuses files that are not PNG images (400 on Signature), unknown invoices (404) and read-only roles (403)', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const text = await postSignature(id, t.admin, {
      name: 'sig.png',
      type: 'image/png',
      data: Buffer.from('not a png'),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().errors.Signature).toEqual([IMAGE_ONLY]);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
    const notPng = await postSignature(id, t.admin, { name: 'sig.jpg', type: 'image/jpeg', data: jpeg });
    expect(notPng.json().errors.Signature).toEqual([SIGNATURE_NOT_PNG]);
    const missing = await postSignature(id, t.admin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('Signature');
    const [row] = await t.app.deps.db.rows<{ signed: boolean }>(
      sql`select signed from invoices where id = ${id}`,
    );
    expect(row.signed).toBe(false);

    const png = { name: 'sig.png', type: 'image/png', data: PNG_1X1 };
    expect((await postSignature(UNKNOWN, t.admin, png)).statusCode).toBe(404);
    expect((await postSignature(id, t.reviewer, png)).statusCode).toBe(403);
  });
});
