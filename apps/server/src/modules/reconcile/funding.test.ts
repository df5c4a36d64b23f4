import { PaymentType } from '@glass/domain/enums';
import { reconcileRow } from '@glass/domain/contracts/reconcile';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, parseAs } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { invoiceHistory } from '../invoices/test-helpers.js';
import { callAs, financeTestContext, insertInvoice, uniqueTag, userIdOf } from './test-helpers.js';

let app: App;
let t: Awaited<ReturnType<typeof financeTestContext>>;
let call: ReturnType<typeof callAs>;
const tag = uniqueTag('Fund');

beforeAll(async () => {
  app = await createTestApp();
  t = await financeTestContext(app);
  call = callAs(app);
});
afterAll(() => app?.close());

const fund = (id: number, body: unknown, token = t.adminAssistant) =>
  call('POST', `/api/ReconcileInvoices/${id}/fund`, token, body);
const unfund = (id: number, body: unknown, token = t.manager) =>
  call('POST', `/api/ReconcileInvoices/${id}/unfund`, token, body);
const transactions = (id: number) =>
  app.deps.db.rows<{
    id: number;
    statusId: number;
    typeId: number;
    amount: string;
    reference: string | null;
  }>(
    sql`select id, status_id as "statusId", transaction_type_id as "typeId", amount::text as amount, reference
        from invoice_transactions where invoice_id = ${id} order by id`,
  );
const fundedLogs = (id: number) =>
  app.deps.db.rows<{ activity: string }>(
    sql`select l.activity from activity_logs l join invoice_history h on h.activity_log_id = l.id
        where h.invoice_id = ${id} order by l.id`,
  );

describe('POST /api/ReconcileInvoices/{id}/fund (spec 2 §4: funded, fundedAt set)', () => {
  it('marks the invoice funded with the user, a funded transaction, its history and activity log, in one go', async () => {
    const id = await insertInvoice(app, { labor: 5995, soldTo: `Ana ${tag}` });
    const res = await fund(id, { transactionTypeId: 1, amount: 64.9, reference: 'CHK-1001' });
    expect(res.statusCode, res.body).toBe(200);
    const row = parseAs(reconcileRow, res);
    const aa = await userIdOf(app, '104');
    expect(row).toMatchObject({ id, isFunded: true, showFundedButton: false, itemType: 1 });
    expect(row.fundedAt).toEqual(expect.any(String));
    expect(row.fundedBy).toMatch(/\S+ \S+/);
    const [inv] = await app.deps.db.rows<{ funded: boolean; by: number }>(
      sql`select funded, funded_by_id as by from invoices where id = ${id}`,
    );
    expect(inv).toEqual({ funded: true, by: aa });
    const txs = await transactions(id);
    expect(txs).toEqual([
      { id: row.invoiceTransactionId, statusId: 1, typeId: 1, amount: '64.90', reference: 'CHK-1001' },
    ]);
    const [entry] = await invoiceHistory(app, id);
    expect(entry).toMatchObject({
      activity: 'Invoice funded',
      details: 'Cash 64.90, reference CHK-1001',
      userId: aa,
    });
    expect((await fundedLogs(id)).map((l) => l.activity)).toEqual(['Invoice funded']);
  });

  it("funds the row's open transaction instead of adding one when it is named", async () => {
    const id = await insertInvoice(app, { labor: 10000, soldTo: `Ben ${tag}` });
    const [open] = await app.deps.db.rows<{ id: number }>(
      sql`insert into invoice_transactions (invoice_id, transaction_type_id, status_id, amount)
          values (${id}, 1, 0, 108.25) returning id`,
    );
    const res = await fund(id, { transactionTypeId: 2, amount: 100, invoiceTransactionId: open.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(parseAs(reconcileRow, res)).toMatchObject({ invoiceTransactionId: open.id, itemType: 2 });
    expect(await transactions(id)).toEqual([
      { id: open.id, statusId: 1, typeId: 2, amount: '100.00', reference: null },
    ]);
    // Another invoice's transaction, or one no longer open, is refused.
    const other = await insertInvoice(app, { labor: 1000 });
    const foreign = await fund(other, { transactionTypeId: 1, amount: 1, invoiceTransactionId: open.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toHaveProperty('invoiceTransactionId');
  });

  it('a second funding is a 409, also when two users press the button at the same moment', async () => {
    const id = await insertInvoice(app, { labor: 2000, soldTo: `Cy ${tag}` });
    const body = { transactionTypeId: 1, amount: 21.65 };
    const answers = await Promise.all([
      fund(id, body),
      fund(id, body, t.admin),
      fund(id, body, t.manager),
      fund(id, body),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json().detail).toBe(`Invoice ${id} is already funded.`);
    expect((await transactions(id)).filter((x) => x.statusId === 1)).toHaveLength(1);
    expect((await invoiceHistory(app, id)).filter((h) => h.activity === 'Invoice funded')).toHaveLength(1);
    expect((await fund(id, body)).statusCode).toBe(409);
  });

  it('refuses void and lost invoices, nothing to collect, another user’s lock (409) and bad bodies (400)', async () => {
    const voided = await insertInvoice(app, { labor: 1000, void: true });
    expect((await fund(voided, { transactionTypeId: 1, amount: 1 })).json().detail).toBe(
      `Invoice ${voided} is void; a void invoice cannot be funded.`,
    );
    const empty = await insertInvoice(app, { labor: 0 });
    const none = await fund(empty, { transactionTypeId: 1, amount: 1 });
    expect(none.statusCode).toBe(409);
    expect(none.json().detail).toBe(`Invoice ${empty} has no amount to fund.`);
    const locked = await insertInvoice(app, { labor: 1000 });
    await app.deps.db.rows(
      sql`insert into invoice_locks (invoice_id, user_id) values (${locked}, ${await userIdOf(app, '103')})`,
    );
    const lock = await fund(locked, { transactionTypeId: 1, amount: 1 });
    expect(lock.statusCode).toBe(409);
    expect(lock.json().detail).toMatch(new RegExp(`^Invoice ${locked} is locked by `));
    const open = await insertInvoice(app, { labor: 1000 });
    for (const body of [
      { transactionTypeId: 4, amount: 1 },
      { transactionTypeId: 1, amount: 0 },
      { transactionTypeId: 1 },
    ]) {
      const res = await fund(open, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors)).toHaveLength(1);
    }
    // A Repair Order payment needs a reference; the invoice's own is taken when none is sent.
    const ro = await insertInvoice(app, { labor: 1000, paymentTypeId: 5 });
    const noRef = await fund(ro, { transactionTypeId: 3, amount: 10 });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().errors).toHaveProperty('reference');
    const roRef = await insertInvoice(app, { labor: 1000, paymentTypeId: 5, reference: 'RO-77' });
    expect((await fund(roRef, { transactionTypeId: 3, amount: 10 })).statusCode).toBe(200);
    expect((await transactions(roRef))[0].reference).toBe('RO-77');
    expect((await fund(999_999_999, { transactionTypeId: 1, amount: 1 })).statusCode).toBe(404);
  });

  it('refuses an invoice whose payment was refused (409) until its payment type names who pays', async () => {
    const refused = await insertInvoice(app, { labor: 1000, paymentTypeId: PaymentType.Refused });
    const res = await fund(refused, { transactionTypeId: 1, amount: 10 });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      `Invoice ${refused}'s payment was refused; set the payment type of whoever pays before funding it.`,
    );
    expect(await transactions(refused)).toHaveLength(0);
    await app.deps.db.rows(
      sql`update invoices set payment_type_id = ${PaymentType.Cash} where id = ${refused}`,
    );
    expect((await fund(refused, { transactionTypeId: 1, amount: 10 })).statusCode).toBe(200);
  });

  it('is the back office’s: a lead technician or a reviewer may not fund', async () => {
    const id = await insertInvoice(app, { labor: 1000 });
    expect((await fund(id, { transactionTypeId: 1, amount: 1 }, t.reviewer)).statusCode).toBe(403);
    expect((await fund(id, { transactionTypeId: 1, amount: 1 }, t.repairTech)).statusCode).toBe(403);
  });
});

describe('POST /api/ReconcileInvoices/{id}/unfund (role-checked, with a reason)', () => {
  it('is refused to the admin assistant who may fund (403): unfunding is a manager’s', async () => {
    const id = await insertInvoice(app, { labor: 3000 });
    expect((await fund(id, { transactionTypeId: 1, amount: 32.48 })).statusCode).toBe(200);
    expect((await unfund(id, { reason: 'Check bounced' }, t.adminAssistant)).statusCode).toBe(403);
    expect((await unfund(id, { reason: 'Check bounced' }, t.reviewer)).statusCode).toBe(403);
  });

  it('needs a reason, then clears the funding, voids its transactions and writes history', async () => {
    const id = await insertInvoice(app, { labor: 3000 });
    expect((await fund(id, { transactionTypeId: 1, amount: 32.48 })).statusCode).toBe(200);
    const blank = await unfund(id, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toHaveProperty('reason');
    const res = await unfund(id, { reason: 'Check bounced' });
    expect(res.statusCode, res.body).toBe(200);
    expect(parseAs(reconcileRow, res)).toMatchObject({
      isFunded: false,
      fundedAt: null,
      fundedBy: null,
      showFundedButton: true,
    });
    const txs = await transactions(id);
    expect(txs.map((x) => x.statusId)).toEqual([2]);
    const [entry] = await invoiceHistory(app, id);
    expect(entry.activity).toBe('Invoice unfunded');
    expect(entry.details).toBe(`Reason: Check bounced; transaction ${txs[0].id} voided`);
    expect(entry.userId).toBe(await userIdOf(app, '102'));
    // Funded again later: a new transaction.
    expect((await fund(id, { transactionTypeId: 1, amount: 32.48 })).statusCode).toBe(200);
    expect((await transactions(id)).map((x) => x.statusId)).toEqual([2, 1]);
  });

  it('refuses an invoice that is not funded, or already on a deposit (409)', async () => {
    const id = await insertInvoice(app, { labor: 3000 });
    const res = await unfund(id, { reason: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(`Invoice ${id} is not funded.`);
    expect((await fund(id, { transactionTypeId: 1, amount: 32.48 })).statusCode).toBe(200);
    const [deposit] = await app.deps.db.rows<{ id: number }>(
      sql`insert into deposit_invoices (created_by_id, facility_id, total_amount)
          values (${await userIdOf(app, '104')}, 1, 32.48) returning id`,
    );
    await app.deps.db.rows(
      sql`insert into deposit_invoice_items (deposit_invoice_id, invoice_id, item_type, total_cost)
          values (${deposit.id}, ${id}, 1, 32.48)`,
    );
    const onDeposit = await unfund(id, { reason: 'x' });
    expect(onDeposit.statusCode).toBe(409);
    expect(onDeposit.json().detail).toBe(`Invoice ${id} is on deposit ${deposit.id}; it cannot be unfunded.`);
  });
});
