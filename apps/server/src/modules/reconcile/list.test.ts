import { PaymentType } from '@glass/domain/enums';
import { reconcilePage, reconcileRow } from '@glass/domain/contracts/reconcile';
import { addMoney, rowMoney, showFundedButton } from '@glass/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAs } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { createTestApp, DEMO, grantFacilities } from '../../../test/harness.js';
import {
  callAs,
  financeTestContext,
  insertInsurer,
  insertInvoice,
  uniqueTag,
  userIdOf,
} from './test-helpers.js';

let app: App;
let t: Awaited<ReturnType<typeof financeTestContext>>;
let call: ReturnType<typeof callAs>;
const tag = uniqueTag();
let insurer: number;
let otherInsurer: number;
let leadTech: number;
const ids: Record<string, number> = {};
let ungrant = async () => {};

beforeAll(async () => {
  app = await createTestApp();
  // The assistant works facilities 1 and 2 here (decision 0016): invoice c is at facility 2.
  ungrant = await grantFacilities(app, DEMO.adminAssistant, [2]);
  t = await financeTestContext(app);
  call = callAs(app);
  insurer = await insertInsurer(app, `${tag} Mutual`);
  otherInsurer = await insertInsurer(app, `${tag} Casualty`);
  leadTech = await userIdOf(app, '103');
  // a: 59.95 labor at 8.25 % → 4.95 tax; b: labor and parts; c: finalized, at facility 2, another insurer.
  ids.a = await insertInvoice(app, {
    labor: 5995,
    soldTo: `Ana ${tag}`,
    insuranceCompanyId: insurer,
    reference: `REF-${tag}-A`,
    leadTechnicianId: leadTech,
  });
  ids.b = await insertInvoice(app, {
    labor: 12000,
    parts: 18099,
    soldTo: `Bob ${tag}`,
    insuranceCompanyId: insurer,
    paymentTypeId: 6,
  });
  ids.c = await insertInvoice(app, {
    facilityId: 2,
    labor: 10001,
    soldTo: `Cleo ${tag}`,
    insuranceCompanyId: otherInsurer,
    finalized: true,
  });
  // Opened 400 days ago: outside the default range (a year back from the start of today).
  ids.old = await insertInvoice(app, {
    labor: 777,
    soldTo: `Old ${tag}`,
    insuranceCompanyId: insurer,
    openAt: new Date(Date.now() - 400 * 86_400_000).toISOString(),
  });
  // An open transaction on b: the row's transaction of record.
  await app.deps.db.rows(
    sql`insert into invoice_transactions (invoice_id, transaction_type_id, status_id, amount)
        values (${ids.b}, 2, 0, 10), (${ids.b}, 3, 0, 300)`,
  );
});
afterAll(async () => {
  await ungrant();
  await app?.close();
});

const list = async (query: string, token = t.adminAssistant) => {
  const res = await call('GET', `/api/ReconcileInvoices?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return parseAs(reconcilePage, res);
};
const mine = (filter: string, more = '') =>
  list(`$filter=${encodeURIComponent(`contains(buyerName,'${tag}') and (${filter})`)}${more}`);
const idsOf = (page: { value: { id: number }[] }) => page.value.map((r) => r.id).sort((a, b) => a - b);

describe('GET /api/ReconcileInvoices (spec 2 §3 Reconcile invoice row, §5 filters)', () => {
  it('answers every field of the row, the money from the invoice, newest first', async () => {
    const page = await list(`$filter=${encodeURIComponent(`contains(buyerName,'${tag}')`)}`);
    expect(idsOf(page)).toEqual([ids.a, ids.b, ids.c].sort((x, y) => x - y));
    const a = reconcileRow.parse(page.value.find((r) => r.id === ids.a));
    expect(a).toMatchObject({
      buyerName: `Ana ${tag}`,
      insuranceCompanyId: insurer,
      insuranceCompanyName: `${tag} Mutual`,
      referenceNumber: `REF-${tag}-A`,
      leadTechnicianId: leadTech,
      facilityId: 1,
      laborCost: 59.95,
      partsCost: 0,
      taxCost: 4.95,
      totalCost: 64.9,
      isFinalized: false,
      isFunded: false,
      fundedAt: null,
      itemType: null,
      invoiceTransactionId: null,
      showFundedButton: true,
      depositId: null,
      vehicle: '2019 Honda Civic',
    });
    expect(a.leadTechnicianName).toMatch(/\S+ \S+/);
    expect(a.clearingHouseId).toEqual(expect.any(Number));
    // The open transaction of b: the largest one is its transaction of record.
    const b = page.value.find((r) => r.id === ids.b)!;
    expect(b.itemType).toBe(3);
    const [tx] = await app.deps.db.rows<{ id: number }>(
      sql`select id from invoice_transactions where invoice_id = ${ids.b} and amount = 300`,
    );
    expect(b.invoiceTransactionId).toBe(tx.id);
    // Newest OpenDateTime first.
    const opened = page.value.map((r) => Date.parse(r.openAt!));
    expect(opened).toEqual([...opened].sort((x, y) => y - x));
  });

  it('shows the funded button exactly where the domain rule says so', async () => {
    await app.deps.db.rows(sql`update invoices set void = true where id = ${ids.c}`);
    const [{ paymentTypeId: paidBy }] = await app.deps.db.rows<{ paymentTypeId: number | null }>(
      sql`select payment_type_id as "paymentTypeId" from invoices where id = ${ids.a}`,
    );
    await app.deps.db.rows(
      sql`update invoices set payment_type_id = ${PaymentType.Refused} where id = ${ids.a}`,
    );
    const page = await list(`$filter=${encodeURIComponent(`contains(buyerName,'${tag}')`)}`);
    for (const row of page.value)
      expect(row.showFundedButton, `invoice ${row.id}`).toBe(
        showFundedButton({
          funded: row.isFunded!,
          void: row.isVoid!,
          lost: row.isLost!,
          totalCost: row.totalCost,
          paymentTypeId: row.paymentTypeId ?? null,
        }),
      );
    expect(page.value.find((r) => r.id === ids.c)?.showFundedButton).toBe(false);
    expect(page.value.find((r) => r.id === ids.a)?.showFundedButton).toBe(false);
    await app.deps.db.rows(sql`update invoices set void = false where id = ${ids.c}`);
    await app.deps.db.rows(sql`update invoices set payment_type_id = ${paidBy} where id = ${ids.a}`);
  });

  it('defaults to the start of the day one year ago through the end of today; start and end move it', async () => {
    const page = await list(`$filter=${encodeURIComponent(`contains(buyerName,'Old ${tag}')`)}`);
    expect(page.value).toEqual([]);
    const start = new Date(Date.now() - 500 * 86_400_000).toISOString();
    const end = new Date(Date.now() - 300 * 86_400_000).toISOString();
    const older = await list(
      `start=${start}&end=${end}&$filter=${encodeURIComponent(`contains(buyerName,'${tag}')`)}`,
    );
    expect(idsOf(older)).toEqual([ids.old]);
  });

  it('server filters: invoice number exact, reference contains, finalized, lead tech, facility', async () => {
    expect(idsOf(await mine(`id eq ${ids.b}`))).toEqual([ids.b]);
    expect(idsOf(await mine(`contains(referenceNumber,'ref-${tag.toLowerCase()}')`))).toEqual([ids.a]);
    expect(idsOf(await mine('isFinalized eq true'))).toEqual([ids.c]);
    expect(idsOf(await mine('isFinalized eq false'))).toEqual([ids.a, ids.b]);
    expect(idsOf(await mine(`leadTechnicianId eq ${leadTech}`))).toEqual([ids.a]);
    expect(idsOf(await mine('facilityId eq 2'))).toEqual([ids.c]);
  });

  it('the "client" filters, run on the server: sold to, insurer and facility name, payment type, total, number, lead tech name', async () => {
    // Sold to, case-insensitive contains.
    expect(idsOf(await list(`$filter=${encodeURIComponent(`contains(buyerName,'BOB ${tag}')`)}`))).toEqual([
      ids.b,
    ]);
    // Insurance company name, case-insensitive contains (a route parameter: the name is looked up).
    const byInsurer = await list(`insuranceCompanyName=${encodeURIComponent(`${tag} mutual`.toUpperCase())}`);
    expect(idsOf(byInsurer)).toEqual([ids.a, ids.b]);
    expect(idsOf(await list(`insuranceCompanyName=${tag}`))).toEqual([ids.a, ids.b, ids.c]);
    // Facility name (facility 2's name, in lower case).
    const [f2] = await app.deps.db.rows<{ name: string }>(sql`select name from facilities where id = 2`);
    expect(
      idsOf(
        await list(`facilityName=${encodeURIComponent(f2.name.toLowerCase())}&insuranceCompanyName=${tag}`),
      ),
    ).toEqual([ids.c]);
    expect(idsOf(await mine('paymentTypeId eq 6'))).toEqual([ids.b]);
    expect(idsOf(await mine('totalCost eq 64.90'))).toEqual([ids.a]);
    expect(idsOf(await mine(`contains(invoiceNumber,'${String(ids.c).slice(1)}')`))).toContain(ids.c);
    const [tech] = await app.deps.db.rows<{ name: string }>(
      sql`select last_name as name from users where id = ${leadTech}`,
    );
    expect(
      idsOf(
        await list(
          `leadTechnicianName=${encodeURIComponent(tech.name.toUpperCase())}&insuranceCompanyName=${tag}`,
        ),
      ),
    ).toEqual([ids.a]);
  });

  it('comes with the totals of the whole selection, not only the page, exact to the cent', async () => {
    // Pages of one (the client's page size) within a $top of two.
    const res = await app.inject({
      method: 'GET',
      url: `/api/ReconcileInvoices?$top=2&insuranceCompanyName=${tag}`,
      headers: { authorization: `Bearer ${t.adminAssistant}`, prefer: 'odata.maxpagesize=1' },
    });
    expect(res.headers['preference-applied']).toBe('odata.maxpagesize=1');
    const first = parseAs(reconcilePage, res);
    expect(first.value).toHaveLength(1);
    expect(first['@odata.count']).toBe(3);
    const all = await list(`insuranceCompanyName=${tag}`);
    const sum = addMoney(all.value.map((r) => rowMoney(r as Parameters<typeof rowMoney>[0])));
    expect(first.totals).toEqual({
      count: 3,
      laborCents: sum.labor,
      partsCents: sum.parts,
      taxCents: sum.tax,
      totalCents: sum.total,
    });
    expect(sum.total).toBe(6490 + (12000 + 18099 + 990) + (10001 + 825));
    // The next page keeps the route's parameters and carries the same totals.
    const next = first['@odata.nextLink']!;
    expect(next).toContain(`insuranceCompanyName=${tag}`);
    const second = parseAs(reconcilePage, await call('GET', next, t.adminAssistant));
    expect(second.value).toHaveLength(1);
    expect(second.value[0].id).not.toBe(first.value[0].id);
    expect(second.totals).toEqual(first.totals);
    // $top=2 reached: no third page, though a third row matches.
    expect(second['@odata.nextLink']).toBeUndefined();
    // $count=true counts the same.
    expect((await list(`$count=true&insuranceCompanyName=${tag}`))['@odata.count']).toBe(3);
  });

  it('an empty selection totals zero', async () => {
    const page = await list(`insuranceCompanyName=${uniqueTag('none')}`);
    expect(page).toMatchObject({
      value: [],
      '@odata.count': 0,
      totals: { count: 0, laborCents: 0, partsCents: 0, taxCents: 0, totalCents: 0 },
    });
  });

  it('refuses a bad filter, a bad date and an end before the start (400 naming the field)', async () => {
    const bad = await call('GET', '/api/ReconcileInvoices?$filter=nope eq 1', t.adminAssistant);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('$filter');
    const date = await call('GET', '/api/ReconcileInvoices?start=yesterday', t.adminAssistant);
    expect(date.statusCode).toBe(400);
    expect(date.json().errors).toHaveProperty('start');
    const order = await call(
      'GET',
      '/api/ReconcileInvoices?start=2026-02-01T00:00:00Z&end=2026-01-01T00:00:00Z',
      t.adminAssistant,
    );
    expect(order.statusCode).toBe(400);
    expect(order.json().errors).toEqual({ end: ['End must not be before start'] });
  });

  it('is for the back office: a reviewer reads it, a repair technician may not', async () => {
    expect((await call('GET', '/api/ReconcileInvoices?$top=1', t.reviewer)).statusCode).toBe(200);
    expect((await call('GET', '/api/ReconcileInvoices?$top=1', t.repairTech)).statusCode).toBe(403);
  });

  it('offers only active insurance companies as choices (spec 2 §5)', async () => {
    const inactive = await insertInsurer(app, `${tag} Closed`, true);
    const res = await call('GET', '/api/insuranceCompany?inactive=false', t.adminAssistant);
    const names = (res.json() as { id: number; name: string }[]).map((c) => c.id);
    expect(names).toContain(insurer);
    expect(names).not.toContain(inactive);
  });
});
