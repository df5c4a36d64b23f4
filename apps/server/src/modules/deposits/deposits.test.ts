import { odataPage } from '@glass/domain/contracts/common';
import { createdDeposit, type DepositItemInput, depositRow } from '@glass/domain/contracts/deposits';
import { type ReconcileRow, reconcilePage } from '@glass/domain/contracts/reconcile';
import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, parseAs } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { invoiceHistory } from '../invoices/test-helpers.js';
import {
  callAs,
  financeTestContext,
  insertInsurer,
  insertInvoice,
  type TestInvoice,
  uniqueTag,
  userIdOf,
} from '../reconcile/test-helpers.js';

let app: App;
let t: Awaited<ReturnType<typeof financeTestContext>>;
let call: ReturnType<typeof callAs>;
const tag = uniqueTag('Dep');
let insurer: number;

beforeAll(async () => {
  app = await createTestApp();
  t = await financeTestContext(app);
  call = callAs(app);
  insurer = await insertInsurer(app, `${tag} Mutual`);
});
afterAll(() => app?.close());

/** All pages of a PDF's text. */
async function pdfText(data: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return pages.join('\n');
}

/** A funded invoice of the test's own and its reconcile row. */
async function fundedRow(
  o: Partial<TestInvoice> & { labor: number },
  itemType = 1,
  token = t.adminAssistant,
): Promise<ReconcileRow> {
  const id = await insertInvoice(app, { insuranceCompanyId: insurer, soldTo: `Sam ${tag}`, ...o });
  const res = await call('POST', `/api/ReconcileInvoices/${id}/fund`, token, {
    transactionTypeId: itemType,
    amount: 1,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The deposit item the reconcile screen sends for a row. */
const itemOf = (row: ReconcileRow): DepositItemInput => ({
  invoiceId: row.id,
  itemType: row.itemType ?? 1,
  laborCost: row.laborCost,
  partsCost: row.partsCost,
  taxCost: row.taxCost,
  totalCost: row.totalCost,
  paymentTypeId: row.paymentTypeId,
  insuranceCompanyId: row.insuranceCompanyId,
  clearingHouseId: row.clearingHouseId,
  facilityId: row.facilityId,
  buyerName: row.buyerName,
  vehicle: row.vehicle,
});

const create = (rows: ReconcileRow[], extra: Record<string, unknown> = {}, token = t.adminAssistant) =>
  call('POST', '/api/DepositInvoices/contextual', token, {
    DepositInvoiceInvoiceViewModels: rows.map(itemOf),
    ...extra,
  });

describe('POST /api/DepositInvoices/contextual {DepositInvoiceInvoiceViewModels}', () => {
  it('makes a deposit of funded invoices: items as spec 2 §3 says, the total their sum', async () => {
    const a = await fundedRow({ labor: 5995 }, 1);
    const b = await fundedRow({ labor: 12000, parts: 18099, paymentTypeId: 6 }, 2);
    const res = await create([a, b], { total: 375.79, notes: 'Bank of Houston' });
    expect(res.statusCode, res.body).toBe(201);
    const deposit = parseAs(createdDeposit, res);
    expect(deposit).toMatchObject({
      createdById: await userIdOf(app, '104'),
      facilityId: 1,
      total: 375.79,
      itemCount: 2,
      notes: 'Bank of Houston',
    });
    expect(deposit.createdBy).toMatch(/\S+ \S+/);
    const [itemA] = deposit.deposits.filter((i) => i.invoiceId === a.id);
    expect(itemA).toMatchObject({
      itemType: 1,
      invoiceTransactionId: a.invoiceTransactionId,
      laborCost: 59.95,
      partsCost: 0,
      taxCost: 4.95,
      totalCost: 64.9,
      paymentTypeId: 1,
      insuranceCompanyId: insurer,
      insuranceCompanyName: `${tag} Mutual`,
      clearingHouseId: a.clearingHouseId,
      facilityId: 1,
      buyerName: `Sam ${tag}`,
      vehicle: '2019 Honda Civic',
    });
    expect(deposit.deposits.find((i) => i.invoiceId === b.id)).toMatchObject({
      itemType: 2,
      paymentTypeId: 6,
    });
    // The reconcile rows now name the deposit; each invoice's history says where it went.
    const page = parseAs(
      reconcilePage,
      await call('GET', `/api/ReconcileInvoices?insuranceCompanyName=${tag}&$filter=id eq ${a.id}`, t.admin),
    );
    expect(page.value[0].depositId).toBe(deposit.id);
    expect((await invoiceHistory(app, a.id))[0]).toMatchObject({
      activity: 'Deposited',
      details: `Deposit ${deposit.id}`,
    });
  });

  it('an invoice is on one deposit only: 409 again, and for the second of two deposits made at once', async () => {
    const a = await fundedRow({ labor: 1000 });
    expect((await create([a])).statusCode).toBe(201);
    const again = await create([a]);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(new RegExp(`^Invoice ${a.id} is already on deposit \\d+\\.$`));
    const b = await fundedRow({ labor: 2000 });
    const c = await fundedRow({ labor: 3000 });
    const both = await Promise.all([create([b, c]), create([c, b]), create([c])]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    // Whichever deposit won holds c once (and b when it was the one with both); nothing else was written.
    const winner = parseAs(createdDeposit, both.find((r) => r.statusCode === 201)!);
    const items = await app.deps.db.rows<{ invoiceId: number; depositId: number }>(
      sql`select invoice_id as "invoiceId", deposit_invoice_id as "depositId" from deposit_invoice_items
          where invoice_id in (${b.id}, ${c.id}) order by invoice_id`,
    );
    expect(items).toEqual(winner.deposits.map((i) => ({ invoiceId: i.invoiceId, depositId: winner.id })));
    expect(items.map((i) => i.invoiceId)).toContain(c.id);
  });

  it('refuses what is not funded or changed since listed (409), a wrong total, twice listed, unknown, two facilities (400)', async () => {
    const open = await insertInvoice(app, { labor: 1000 });
    const [openRow] = parseAs(
      reconcilePage,
      await call('GET', `/api/ReconcileInvoices?$filter=id eq ${open}`, t.admin),
    ).value as ReconcileRow[];
    const notFunded = await create([openRow]);
    expect(notFunded.statusCode).toBe(409);
    expect(notFunded.json().detail).toBe(`Invoice ${open} is not funded.`);

    const a = await fundedRow({ labor: 1000 });
    const changed = await create([{ ...a, totalCost: a.totalCost + 1 }]);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().detail).toBe(
      `Invoice ${a.id} changed since it was listed (total $10.83, not $11.83); refresh the list.`,
    );
    const type = await create([{ ...a, itemType: 3 }]);
    expect(type.statusCode).toBe(409);
    expect(type.json().detail).toBe(`Invoice ${a.id} was funded as Cash, not In-House; refresh the list.`);

    const total = await create([a], { total: 10 });
    expect(total.statusCode).toBe(400);
    expect(total.json().errors).toEqual({
      total: ['The total $10.00 is not the sum of the items, $10.83'],
    });
    const twice = await create([a, a]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toHaveProperty(['DepositInvoiceInvoiceViewModels.1.invoiceId']);
    const unknown = await create([{ ...a, id: 999_999_999 }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({
      'DepositInvoiceInvoiceViewModels.0.invoiceId': ['Invoice 999999999 not found.'],
    });
    // Two facilities on one slip: the admin reaches both (the assistant is bound to facility 1, decision 0016).
    const other = await fundedRow({ labor: 1000, facilityId: 2 }, 1, t.admin);
    expect((await create([other])).statusCode).toBe(403);
    const facilities = await create([a, other], {}, t.admin);
    expect(facilities.statusCode).toBe(400);
    expect(facilities.json().errors).toHaveProperty('DepositInvoiceInvoiceViewModels');
    const empty = await call('POST', '/api/DepositInvoices/contextual', t.adminAssistant, {
      DepositInvoiceInvoiceViewModels: [],
    });
    expect(empty.statusCode).toBe(400);
    // Nothing was written by the refusals.
    const [{ n }] = await app.deps.db.rows<{ n: number }>(
      sql`select count(*)::int as n from deposit_invoice_items where invoice_id = ${a.id}`,
    );
    expect(n).toBe(0);
  });

  it('is the back office’s: a reviewer reads deposits but may not make one', async () => {
    const a = await fundedRow({ labor: 1000 });
    expect((await create([a], {}, t.reviewer)).statusCode).toBe(403);
    expect((await call('GET', '/api/DepositInvoices?$top=1', t.reviewer)).statusCode).toBe(200);
    expect((await call('GET', '/api/DepositInvoices?$top=1', t.repairTech)).statusCode).toBe(403);
  });
});

describe('GET /api/DepositInvoices (OData, newest first) and the deposit slip', () => {
  it('lists deposits newest first, filtered by date, facility and creator, with the items expandable', async () => {
    const rows = [await fundedRow({ labor: 1000 }), await fundedRow({ labor: 2500 })];
    const made = parseAs(createdDeposit, await create(rows));
    const manager = await userIdOf(app, '102');
    const mgr = await fundedRow({ labor: 700 });
    const byManager = parseAs(createdDeposit, await create([mgr], {}, t.manager));
    const list = async (query: string) => {
      const res = await call('GET', `/api/DepositInvoices?${query}`, t.adminAssistant);
      expect(res.statusCode, res.body).toBe(200);
      return parseAs(odataPage(depositRow), res);
    };
    const recent = await list('$top=5');
    const times = recent.value.map((d) => Date.parse(d.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const mine = await list(
      `$filter=${encodeURIComponent(`createdById eq ${manager} and id eq ${byManager.id}`)}`,
    );
    expect(mine.value.map((d) => d.id)).toEqual([byManager.id]);
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const today = await list(
      `$filter=${encodeURIComponent(`createdAt ge ${since} and facilityId eq 1 and id eq ${made.id}`)}&$expand=deposits`,
    );
    expect(today.value).toHaveLength(1);
    expect(today.value[0].deposits?.map((i) => i.invoiceId).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(
      (await list(`$filter=${encodeURIComponent(`facilityId eq 2 and id eq ${made.id}`)}`)).value,
    ).toEqual([]);
    const one = await call('GET', `/api/DepositInvoices/${made.id}`, t.reviewer);
    expect(parseAs(createdDeposit, one).deposits).toHaveLength(2);
    expect((await call('GET', '/api/DepositInvoices/999999999', t.reviewer)).statusCode).toBe(404);
  });

  it('prints the slip: brand, facility, date, creator, lines by payment type, subtotals and total', async () => {
    const cash = await fundedRow({ labor: 5995, paymentTypeId: 4, soldTo: `Nguyễn Văn Thủy ${tag}` });
    const ins1 = await fundedRow({ labor: 12000, parts: 18099 }, 2);
    const ins2 = await fundedRow({ labor: 10001 }, 3);
    const deposit = parseAs(createdDeposit, await create([cash, ins1, ins2]));
    const res = await call('GET', `/api/DepositInvoices/${deposit.id}/Pdf`, t.reviewer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="deposit-${deposit.id}.pdf"`);
    const text = await pdfText(res.rawPayload);
    const [facility] = await app.deps.db.rows<{ name: string; brand: string }>(
      sql`select f.name, b.name as brand from facilities f left join brands b on b.id = f.brand_id where f.id = 1`,
    );
    expect(text).toContain(facility.brand);
    expect(text).toContain(facility.name);
    expect(text).toContain(`DEPOSIT #${deposit.id}`);
    expect(text).toContain(`Prepared by: ${deposit.createdBy}`);
    expect(text).toMatch(/Date: \d\d\/\d\d\/\d{4}/);
    expect(text).toContain('Nguyễn Văn Thủy');
    // Groups in the payment types' order (Ins before Cash) with their subtotals.
    expect(text.indexOf('Ins (2)')).toBeGreaterThan(-1);
    expect(text.indexOf('Ins (2)')).toBeLessThan(text.indexOf('Cash (1)'));
    expect(text).toContain('Subtotal Ins');
    expect(text).toContain('$310.89'); // ins1: 120.00 + 180.99 + 9.90
    expect(text).toContain('$419.15'); // Ins subtotal: 310.89 + 108.26
    expect(text).toContain('$64.90');
    expect(text).toContain('Deposit total: $484.05');
    expect(deposit.total).toBe(484.05);
    expect((await call('GET', '/api/DepositInvoices/999999999/Pdf', t.reviewer)).statusCode).toBe(404);
  });

  it('prints a long slip on several pages, the column header on each', async () => {
    const rows: ReconcileRow[] = [];
    for (let i = 0; i < 70; i++) rows.push(await fundedRow({ labor: 1000 + i }));
    const deposit = parseAs(createdDeposit, await create(rows));
    const res = await call('GET', `/api/DepositInvoices/${deposit.id}/Pdf`, t.admin);
    const doc = await getDocument({ data: new Uint8Array(res.rawPayload), verbosity: 0 }).promise;
    expect(doc.numPages).toBeGreaterThan(1);
    const text = await pdfText(res.rawPayload);
    expect(text.match(/Invoice #/g)?.length).toBe(doc.numPages);
    for (const row of rows) expect(text).toContain(String(row.id));
    expect(text).toContain(`Deposit total: $${deposit.total.toFixed(2)}`);
  });
});
