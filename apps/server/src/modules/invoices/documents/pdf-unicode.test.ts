import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, DEMO, grantFacilities } from '../../../../test/harness.js';
import { createSv } from '../../service-vehicles/test-helpers.js';
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

/** The text of page 1 as a PDF reader extracts it, and the PDF's bytes. */
async function readPdf(data: Buffer) {
  const doc = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  const text = content.items
    .map((i) => ('str' in i ? i.str : ''))
    .filter((s) => s !== '')
    .join('');
  return { text, raw: data.toString('latin1') };
}

/** An invoice of its own whose customer has this name. */
async function invoiceFor(firstName: string, lastName: string) {
  const sv = await createSv(t.app, t.admin, {
    customer: {
      firstName,
      lastName,
      contact: { primaryPhone: { phone: '(713) 555-0199', phoneTypeId: 2 } },
    },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`,
    headers: auth(t.admin),
  });
  expect(res.statusCode).toBe(201);
  return res.json().invoiceId as number;
}

describe('invoice PDF in Unicode (issue #16: names outside Latin-1 printed as nonsense)', () => {
  it.each([
    ['Nguyễn Văn', 'Thủy'],
    ['Łukasz', 'Żółć'],
    ['王', '小明'],
  ])('prints the customer %s %s as written, read back by a PDF reader', async (first, last) => {
    const id = await invoiceFor(first, last);
    const res = await api.get(`/api/Invoices/${id}/pdf`, t.admin);
    expect(res.statusCode).toBe(200);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.text).toContain(`Name: ${first} ${last}`);
    expect(pdf.text).toContain(`INVOICE #${id}`);
    // The fonts are embedded (a font file in the PDF), never pdfkit's built-in Helvetica.
    expect(pdf.raw).toMatch(/\/FontFile2|\/FontFile3/);
    expect(pdf.raw).not.toContain('/BaseFont /Helvetica');
    expect(pdf.raw).toContain('NotoSans');
    if (/\p{Script=Han}/u.test(first)) expect(pdf.raw).toContain('NotoSansHans');
    else expect(pdf.raw).not.toContain('NotoSansHans');
  });

  it('PDFs rendered at the same time each carry their own text (the fonts are parsed once per process)', async () => {
    const names: [string, string][] = [
      ['Ωmega', 'Ψυχή'],
      ['Ярослав', 'Щукин'],
      ['李', '四'],
    ];
    const ids = await Promise.all(names.map(([f, l]) => invoiceFor(f, l)));
    const pdfs = await Promise.all(ids.map((id) => api.get(`/api/Invoices/${id}/pdf`, t.admin)));
    for (const [i, res] of pdfs.entries()) {
      const { text, raw } = await readPdf(res.rawPayload);
      expect(text).toContain(`Name: ${names[i][0]} ${names[i][1]}`);
      // Only the CJK invoice embeds the CJK font.
      expect(raw.includes('NotoSansHans')).toBe(i === 2);
    }
  });
});

describe("the facility's dates on PDFs and texts (issue #16: winter evenings printed the next day)", () => {
  it('an invoice opened at 11:30 pm in a Chicago January prints and texts that day, not the next', async () => {
    const tag = `Z${process.pid % 10000}${Date.now() % 1000000}`;
    const rows = <T>(q: ReturnType<typeof sql>) => t.app.deps.db.rows<T>(q);
    const [brand] = await rows<{ id: number }>(
      sql`insert into brands (name, short_name) values (${`Brand ${tag}`}, ${tag}) returning id`,
    );
    // tzo 300 (the spec's fixed offset) would print 12:30 am on the 16th; the zone knows it is CST.
    const [facility] = await rows<{ id: number }>(
      sql`insert into facilities (code, name, short_name, brand_id, tax_rate, tzo, time_zone)
          values (${tag}, ${`Shop ${tag}`}, ${tag}, ${brand.id}, '0.0825', 300, 'America/Chicago') returning id`,
    );
    await rows(
      sql`insert into email_templates (name, subject, salutation, body, brand_id, for_tech_text)
          values ('Test tech text', '', '', 'Job #{invoiceId} opened {date}', ${brand.id}, true)`,
    );
    const { id } = await createInvoice(t.app, t.admin);
    await rows(
      sql`update invoices set facility_id = ${facility.id}, open_date_time = '2025-01-16T05:30:00Z' where id = ${id}`,
    );

    const pdf = await api.get(`/api/Invoices/${id}/pdf`, t.admin);
    expect(pdf.statusCode).toBe(200);
    expect((await readPdf(pdf.rawPayload)).text).toContain('Date: 01/15/2025');

    // The lead tech is granted the new shop (decision 0016) to text from it.
    const ungrant = await grantFacilities(t.app, DEMO.leadTech, [facility.id]);
    const text = await api.post(`/api/Invoices/${id}/sendTechText`, t.leadTech, {});
    await ungrant();
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json().message).toBe(`Job #${id} opened 01/15/2025`);

    // A summer evening: 11:30 pm CDT is 04:30 UTC.
    await rows(sql`update invoices set open_date_time = '2025-07-16T04:30:00Z' where id = ${id}`);
    const summer = await api.get(`/api/Invoices/${id}/pdf`, t.admin);
    expect((await readPdf(summer.rawPayload)).text).toContain('Date: 07/15/2025');
  });
});
