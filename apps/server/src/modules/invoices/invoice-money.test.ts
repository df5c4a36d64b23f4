import { invoiceMoney, sumCents, toCents } from '@glass/domain';
import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSv } from '../service-vehicles/test-helpers.js';
import { formatMoney } from './documents/pdf-render.js';
import { type InvoiceTestContext, invoiceClient, invoiceTestContext } from './test-helpers.js';

let t: InvoiceTestContext;
let api: ReturnType<typeof invoiceClient>;
beforeAll(async () => {
  t = await invoiceTestContext();
  api = invoiceClient(t.app);
});
afterAll(() => t.app.close());

async function pdfText(data: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  return content.items
    .map((i) => ('str' in i ? i.str : ''))
    .filter((s) => s.trim() !== '')
    .join(' ');
}

interface Money {
  laborCost: number;
  partsCost: number;
  taxCost: number;
  totalCost: number;
}

/** The detail's money, the list row's totalCost and the PDF's text, each read the way a client reads them. */
async function views(id: number) {
  const detail = (await api.get(`/api/Invoices/${id}`, t.admin)).json();
  const list = await api.get(`/api/Invoices?$filter=id eq ${id}&$select=id,totalCost`, t.admin);
  expect(list.statusCode).toBe(200);
  const pdf = await api.get(`/api/Invoices/${id}/pdf`, t.admin);
  expect(pdf.statusCode).toBe(200);
  return { detail, row: list.json().value[0], text: await pdfText(pdf.rawPayload) };
}

/** An invoice made from a service vehicle with one repair line (facility 1, tax rate 8.25 %). */
async function invoiceWithOneLine() {
  const sv = await createSv(t.app, t.admin, { repairs: [{ description: 'Chip repair', amount: 10 }] });
  const res = await api.post(`/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`, t.admin);
  expect(res.statusCode).toBe(201);
  const id = res.json().invoiceId as number;
  const detail = (await api.get(`/api/Invoices/${id}`, t.admin)).json();
  return { id, line: detail.repairs[0] as { id: number; lineNumber: number } };
}

describe('invoice money: detail, list and PDF agree (issue #13.1)', () => {
  it('repair line 1 set to 64.90: labor 64.90, tax 5.35, total 70.25 on the detail, the list row and the PDF', async () => {
    const { id, line } = await invoiceWithOneLine();
    expect(line.lineNumber).toBe(1);
    const made = (await api.get(`/api/Invoices/${id}`, t.admin)).json() as Money;
    // Created with a 10.00 line: the tax is already there (0.825 → 0.83).
    expect(made).toMatchObject({ laborCost: 10, taxCost: 0.83, totalCost: 10.83 });

    const edit = await api.put(`/api/InvoiceRepairs/${line.id}`, t.admin, { amount: 64.9 });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ laborCost: 64.9, partsCost: 0, taxCost: 5.35, totalCost: 70.25 });

    const { detail, row, text } = await views(id);
    expect(detail).toMatchObject({ laborCost: 64.9, partsCost: 0, taxCost: 5.35, totalCost: 70.25 });
    expect(row).toEqual({ id, totalCost: 70.25 });
    expect(text).toContain(`Labor ${formatMoney(6490)}`);
    expect(text).toContain(`Tax (8.25% of labor) ${formatMoney(535)}`);
    expect(text).toContain(`Total ${formatMoney(7025)}`);
  });

  it('parts add to the total untaxed; deductible and deposit give the balance on the PDF', async () => {
    const { id } = await invoiceWithOneLine();
    const part = await api.post('/api/InvoiceParts', t.admin, {
      invoiceId: id,
      partTypeId: (await t.app.deps.db.rows<{ id: number }>(sql`select min(id) as id from part_types`))[0].id,
      price: 180.99,
      statusId: (
        await t.app.deps.db.rows<{ id: number }>(sql`select min(id) as id from replacement_part_statuses`)
      )[0].id,
    });
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({ laborCost: 10, partsCost: 180.99, taxCost: 0.83, totalCost: 191.82 });
    const patch = await api.patch(`/api/Invoices/${id}`, t.admin, {
      deductibleAmount: 100,
      depositAmount: 25.5,
    });
    expect(patch.statusCode).toBe(200);

    const { detail, row, text } = await views(id);
    expect(detail).toMatchObject({ partsCost: 180.99, totalCost: 191.82 });
    expect(row.totalCost).toBe(191.82);
    expect(text).toContain(`Parts ${formatMoney(18099)}`);
    expect(text).toContain(`Total ${formatMoney(19182)}`);
    expect(text).toContain(`Deductible ${formatMoney(10000)}`);
    expect(text).toContain(`Deposit ${formatMoney(2550)}`);
    expect(text).toContain(`Balance ${formatMoney(19182 - 10000 - 2550)}`);
  });

  it("a facility's new tax rate re-taxes its open invoices; a submitted one keeps what it was charged", async () => {
    const facility = {
      facilityId: -1,
      code: `M${Date.now() % 1_000_000}`,
      name: 'Money Test Glass',
      shortName: `Money ${Date.now() % 1_000_000}`,
      brandId: 1,
      tzo: 300,
      taxRate: 0.0825,
      serviceWriters: [],
      trafficCounts: [],
      attributes: [],
    };
    const made = await api.post('/api/facilities', t.admin, facility);
    expect(made.statusCode, made.body).toBe(200);
    const facilityId = made.json().id as number;
    const open = await invoiceWithOneLine();
    const submitted = await invoiceWithOneLine();
    for (const { id, line } of [open, submitted]) {
      await t.app.deps.db.rows(sql`update invoices set facility_id = ${facilityId} where id = ${id}`);
      await api.put(`/api/InvoiceRepairs/${line.id}`, t.admin, { amount: 64.9 });
    }
    expect((await api.post(`/api/Invoices/${submitted.id}/submit`, t.admin)).statusCode).toBe(200);

    const saved = await api.post('/api/facilities', t.admin, { ...facility, facilityId, taxRate: 0.1 });
    expect(saved.statusCode, saved.body).toBe(200);

    const a = await views(open.id);
    expect(a.detail).toMatchObject({ laborCost: 64.9, taxCost: 6.49, totalCost: 71.39 });
    expect(a.row.totalCost).toBe(71.39);
    expect(a.text).toContain(`Tax (10.00% of labor) ${formatMoney(649)}`);
    expect(a.text).toContain(`Total ${formatMoney(7139)}`);
    const b = await views(submitted.id);
    expect(b.detail).toMatchObject({ laborCost: 64.9, taxCost: 5.35, totalCost: 70.25 });
    expect(b.row.totalCost).toBe(70.25);
    // The rate is not named when the stored tax was computed at another one.
    expect(b.text).toContain(`Tax ${formatMoney(535)}`);
    expect(b.text).not.toContain('10.00%');
    expect(b.text).toContain(`Total ${formatMoney(7025)}`);
  });

  it('every seeded invoice stores what the domain computes: tax on labor at its facility rate, total', async () => {
    // Only the seed's: on PostgreSQL the test files share one database, and some write invoices of their own money.
    const seededAt = inject('seededAt') ?? new Date().toISOString();
    const seeded = await t.app.deps.db.rows<{
      id: number;
      labor: string;
      parts: string;
      tax: string;
      total: string;
      rate: string;
      repairs: string[] | null;
      prices: string[] | null;
      replacement: boolean;
    }>(
      sql`select i.id, i.labor_cost::text as labor, i.parts_cost::text as parts, i.tax_cost::text as tax,
            i.total_cost::text as total, f.tax_rate::text as rate, i.replacement,
            (select json_agg(r.amount::text) from invoice_repairs r where r.invoice_id = i.id)::text as repairs,
            (select json_agg(p.price::text) from replacement_parts p where p.invoice_id = i.id)::text as prices
          from invoices i join facilities f on f.id = i.facility_id
          where i.created_at <= ${seededAt}::timestamptz
            and not exists (select 1 from invoice_history h where h.invoice_id = i.id and h.details like 'From service vehicle %')
          order by i.id limit 5000`,
    );
    expect(seeded.length).toBeGreaterThan(100);
    const wrong = seeded.filter((s) => {
      const labor = toCents(s.labor);
      const parts = toCents(s.parts);
      const m = invoiceMoney({ labor, parts, taxRate: s.rate });
      const repairs = JSON.parse(String(s.repairs)) as string[] | null;
      const prices = JSON.parse(String(s.prices)) as string[] | null;
      return (
        m.tax !== toCents(s.tax) ||
        m.total !== toCents(s.total) ||
        // Repair invoices' labor is their lines; replacement invoices' parts are their parts.
        (repairs && sumCents(repairs) !== labor) ||
        (prices && sumCents(prices) !== parts)
      );
    });
    expect(wrong.map((s) => s.id)).toEqual([]);
  });
});
