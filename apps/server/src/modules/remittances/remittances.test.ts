import {
  remittanceExceptionsPage,
  remittanceImport,
  remittanceLine,
  remittancePreviewResult,
  remittanceSavedMapping,
} from '@glass/domain/contracts';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, DEMO, login, parseAs } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { markClaimPaid } from './claim-payment.js';
import {
  claimInvoice,
  csvText,
  getRemittance,
  HEADER,
  importRemittance,
  MAPPING,
  money,
  runTag,
  settledRemittance,
  uploadRemittance,
  uploadRemittanceFile,
} from './test-helpers.js';

let app: App;
let aa: string; // admin assistant: may fund
let admin: string;
let manager: string; // facility-bound to facility 1
let reviewer: string; // may not fund
let clearingHouseId: number;
/** An insurer of that clearing house: the fuzzy pass looks among its invoices. */
let insurerId: number;

beforeAll(async () => {
  app = await createTestApp();
  [aa, admin, manager, reviewer] = await Promise.all([
    login(app, DEMO.adminAssistant),
    login(app, DEMO.admin),
    login(app, DEMO.manager),
    login(app, DEMO.reviewer),
  ]);
  const [ch] = await app.deps.db.rows<{ id: number }>(
    sql`insert into clearing_houses (name) values (${`Remit CH ${runTag()}`}) returning id`,
  );
  clearingHouseId = ch.id;
  const [ic] = await app.deps.db.rows<{ id: number }>(
    sql`insert into insurance_companies (name, clearing_house_id) values (${`Remit Ins ${runTag()}`}, ${ch.id}) returning id`,
  );
  insurerId = ic.id;
}, 120_000);
afterAll(() => app?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

const fundedState = async (id: number) => {
  const [row] = await app.deps.db.rows<{ funded: boolean; txs: number; amount: string | null }>(
    sql`select i.funded, (select count(*)::int from invoice_transactions t where t.invoice_id = i.id and t.status_id = 1) as txs,
          (select sum(t.amount)::text from invoice_transactions t where t.invoice_id = i.id and t.status_id = 1) as amount
        from invoices i where i.id = ${id}`,
  );
  return row;
};

const linesOf = (importId: number) =>
  app.deps.db.rows<{
    id: number;
    lineNo: number;
    outcome: string;
    invoiceId: number | null;
    funded: string;
    short: string;
    reason: string | null;
    confidence: number;
  }>(
    sql`select id, line_no as "lineNo", outcome, matched_invoice_id as "invoiceId", funded_amount::text as funded,
          short_amount::text as short, reason, confidence from remittance_lines where import_id = ${importId} order by line_no`,
  );

const queue = async (token: string, query: string) => {
  const res = await call('GET', `/api/RemittanceExceptions?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return parseAs(remittanceExceptionsPage, res);
};

describe('a remittance file matched and funded (issue #35 item 4)', () => {
  const tag = runTag();
  let exact: { id: number; owedCents: number };
  let short: { id: number; owedCents: number };
  let fuzzy: { id: number; owedCents: number };
  let other: { id: number; owedCents: number };
  let csv: string;
  let importId: number;

  beforeAll(async () => {
    exact = await claimInvoice(app, { claim: `${tag}-1`, labor: 20_000, deductibleCents: 5_000 });
    short = await claimInvoice(app, { claim: `${tag}-2`, labor: 30_000 });
    fuzzy = await claimInvoice(app, { claim: `${tag}X77881`, labor: 12_345, insurerId });
    other = await claimInvoice(app, { claim: null, labor: 9_999 });
    csv = csvText(HEADER, [
      [`${tag.toLowerCase()} 1`, '', `$${money(exact.owedCents)}`, '', '11/20/2026', 'EFT-1'],
      [`${tag}-2`, '', money(short.owedCents - 2_550), money(short.owedCents), '11/20/2026', 'EFT-1'],
      [`${tag}X77882`, '', money(fuzzy.owedCents), money(fuzzy.owedCents), '11/20/2026', 'EFT-1'],
      [`${tag}-NOPE`, '', '10.00', '', '11/20/2026', 'EFT-1'],
      [`${tag}-1`, '', `$${money(exact.owedCents)}`, '', '11/20/2026', 'EFT-1'], // the first line again
      ['', '', 'lots', '', 'never', ''], // unreadable
    ]);
  });

  it('uploads with the recognised mapping and previews the total paid', async () => {
    const up = await uploadRemittance(app, aa, { name: 'remit.csv', data: csv }, clearingHouseId);
    expect(up.mappingSource).toBe('recognised');
    expect(up.suggestedMapping).toMatchObject({
      claimNumber: 0,
      invoiceNumber: 1,
      paidAmount: 2,
      billedAmount: 3,
    });
    expect(up.import).toMatchObject({ state: 'uploaded', clearingHouseId, rowsDone: 0 });
    const res = await call('POST', `/api/Remittances/${up.import.id}/preview`, aa, { mapping: MAPPING });
    expect(res.statusCode, res.body).toBe(200);
    const preview = parseAs(remittancePreviewResult, res);
    expect(preview).toMatchObject({ totalRows: 6, validRows: 5, failedRows: 1 });
    expect(preview.totalPaidCents).toBe(
      2 * exact.owedCents + (short.owedCents - 2_550) + fuzzy.owedCents + 1_000,
    );
    expect(preview.errorRows[0].errors.map((e) => e.field).sort()).toEqual([
      'claimNumber',
      'paidAmount',
      'paidOn',
    ]);
  });

  it('400 naming the field: a mapping without the paid amount, a bad body; 404 an unknown import', async () => {
    const up = await uploadRemittance(app, aa, { name: 'remit.csv', data: csv });
    const bad = await call('POST', `/api/Remittances/${up.import.id}/preview`, aa, {
      mapping: { claimNumber: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.mapping).toBeDefined();
    const start = await call('POST', `/api/Remittances/${up.import.id}/start`, aa, {
      mapping: { paidAmount: 0 },
    });
    expect(start.statusCode).toBe(400);
    expect(start.json().errors.mapping).toBeDefined();
    const type = await call('POST', `/api/Remittances/${up.import.id}/start`, aa, {
      mapping: { paidAmount: 'x' },
    });
    expect(type.statusCode).toBe(400);
    expect((await call('GET', '/api/Remittances/2147483000', aa)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/Remittances/2147483000/start', aa, { mapping: MAPPING })).statusCode,
    ).toBe(404);
    const unknownCh = await uploadRemittanceFile(app, aa, { name: 'r.csv', data: csv }, 2_147_483_000);
    expect(unknownCh.statusCode).toBe(400);
    expect(unknownCh.json().errors.ClearingHouseId).toBeDefined();
  });

  it('funds the exact line, short-pays the short one, queues the uncertain ones, never funds a line twice', async () => {
    const imp = await importRemittance(app, aa, csv, clearingHouseId);
    importId = imp.id;
    expect(imp).toMatchObject({
      state: 'completed',
      rowsTotal: 6,
      rowsDone: 6,
      fundedCount: 1,
      shortPaidCount: 1,
      exceptionCount: 3,
      duplicateCount: 1,
    });
    const lines = await linesOf(imp.id);
    expect(lines.map((l) => [l.outcome, l.invoiceId])).toEqual([
      ['Funded', exact.id],
      ['ShortPaid', short.id],
      ['Exception', fuzzy.id],
      ['Exception', null],
      ['Duplicate', null],
      ['Exception', null],
    ]);
    expect(lines[1].short).toBe(money(2_550));
    expect(lines[2].confidence).toBe(70);
    expect(lines[5].reason).toMatch(/Paid amount is not an amount/);
    expect(await fundedState(exact.id)).toEqual({ funded: true, txs: 1, amount: money(exact.owedCents) });
    expect(await fundedState(short.id)).toEqual({
      funded: true,
      txs: 1,
      amount: money(short.owedCents - 2_550),
    });
    expect((await fundedState(fuzzy.id)).funded).toBe(false);
    // Sums to the cent: the import's funded total is its funded lines and the invoices' funded transactions.
    expect(imp.fundedCents).toBe(exact.owedCents + short.owedCents - 2_550);
    expect(imp.totalPaidCents).toBe(exact.owedCents + (short.owedCents - 2_550) + fuzzy.owedCents + 1_000);
    const history = await app.deps.db.rows<{ details: string }>(
      sql`select h.details from activity_logs l join invoice_history h on h.activity_log_id = l.id
          where h.invoice_id = ${short.id} and l.activity = 'Invoice funded'`,
    );
    expect(history[0].details).toMatch(new RegExp(`remittance ${imp.id} line 3, short by 25\\.50`));
  });

  it('a re-import of the same file funds nothing: every line is a duplicate', async () => {
    const again = await importRemittance(app, aa, csv, clearingHouseId);
    expect(again).toMatchObject({
      state: 'completed',
      fundedCount: 0,
      shortPaidCount: 0,
      exceptionCount: 0,
      duplicateCount: 6,
    });
    expect(again.fundedCents).toBe(0);
    expect(await fundedState(exact.id)).toMatchObject({ txs: 1 });
    expect(await fundedState(short.id)).toMatchObject({ txs: 1 });
  });

  it('the exceptions queue lists them with the suggestion; confirm funds it, a second confirm is 409', async () => {
    const page = await queue(aa, `importId=${importId}`);
    expect(page.total).toBe(3);
    const typo = page.value.find((l) => l.invoiceId === fuzzy.id);
    expect(typo).toMatchObject({
      matchKind: 'fuzzy',
      confidence: 70,
      outcome: 'Exception',
      paidCents: fuzzy.owedCents,
    });
    const res = await call('POST', `/api/RemittanceLines/${typo?.id}/confirm`, aa);
    expect(res.statusCode, res.body).toBe(200);
    expect(parseAs(remittanceLine, res)).toMatchObject({
      outcome: 'Confirmed',
      fundedCents: fuzzy.owedCents,
    });
    expect(await fundedState(fuzzy.id)).toEqual({ funded: true, txs: 1, amount: money(fuzzy.owedCents) });
    const twice = await call('POST', `/api/RemittanceLines/${typo?.id}/confirm`, aa);
    expect(twice.statusCode).toBe(409);
    expect((await queue(aa, `importId=${importId}`)).total).toBe(2);
    expect((await getRemittance(app, aa, importId)).fundedCents).toBe(
      exact.owedCents + short.owedCents - 2_550 + fuzzy.owedCents,
    );
  });

  it('reassign funds another invoice; an already funded one is 409; confirm without an invoice is 409', async () => {
    const page = await queue(aa, `importId=${importId}`);
    const nope = page.value.find((l) => l.claimNumber === `${tag}-NOPE`);
    expect(nope?.invoiceId).toBeNull();
    expect((await call('POST', `/api/RemittanceLines/${nope?.id}/confirm`, aa)).statusCode).toBe(409);
    const funded = await call('POST', `/api/RemittanceLines/${nope?.id}/reassign`, aa, {
      invoiceId: exact.id,
    });
    expect(funded.statusCode).toBe(409);
    expect(funded.json().detail).toMatch(/already funded/);
    const bad = await call('POST', `/api/RemittanceLines/${nope?.id}/reassign`, aa, { invoiceId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.invoiceId).toBeDefined();
    const res = await call('POST', `/api/RemittanceLines/${nope?.id}/reassign`, aa, { invoiceId: other.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(parseAs(remittanceLine, res)).toMatchObject({ outcome: 'Reassigned', invoiceId: other.id });
    // 10.00 of what other owes: a short payment keeps its difference.
    expect(parseAs(remittanceLine, res).shortCents).toBe(other.owedCents - 1_000);
    expect(await fundedState(other.id)).toEqual({ funded: true, txs: 1, amount: '10.00' });
  });

  it('dismiss takes a line off the queue with its reason (400 without one); 404 an unknown line', async () => {
    const page = await queue(aa, `importId=${importId}`);
    expect(page.total).toBe(1);
    const line = page.value[0];
    const empty = await call('POST', `/api/RemittanceLines/${line.id}/dismiss`, aa, { reason: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.reason).toBeDefined();
    const res = await call('POST', `/api/RemittanceLines/${line.id}/dismiss`, aa, { reason: 'Not ours' });
    expect(res.statusCode, res.body).toBe(200);
    expect(parseAs(remittanceLine, res)).toMatchObject({
      outcome: 'Dismissed',
      reason: 'Dismissed: Not ours',
    });
    expect((await queue(aa, `importId=${importId}`)).total).toBe(0);
    expect((await queue(aa, `importId=${importId}&outcome=ShortPaid`)).total).toBe(1);
    expect(
      (await call('POST', '/api/RemittanceLines/2147483000/dismiss', aa, { reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/RemittanceExceptions?pageSize=0', aa)).statusCode).toBe(400);
  });
});

describe('funding twice at once', () => {
  it('two exceptions confirmed together for one invoice: one 200, one 409, funded once', async () => {
    const tag = runTag();
    const inv = await claimInvoice(app, { claim: `${tag}ABCDE1`, labor: 10_000 });
    // Two typos of the same claim number: both suggest the invoice, neither funds it on its own.
    const csv = csvText(HEADER, [
      [`${tag}ABCDE2`, '', money(inv.owedCents), '', '11/21/2026', 'A'],
      [`${tag}ABCDE3`, '', money(inv.owedCents), '', '11/21/2026', 'B'],
    ]);
    const imp = await importRemittance(app, aa, csv);
    const lines = await linesOf(imp.id);
    expect(lines.map((l) => [l.outcome, l.invoiceId])).toEqual([
      ['Exception', inv.id],
      ['Exception', inv.id],
    ]);
    const results = await Promise.all(
      lines.map((l) => call('POST', `/api/RemittanceLines/${l.id}/confirm`, aa)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await fundedState(inv.id)).toEqual({ funded: true, txs: 1, amount: money(inv.owedCents) });
    expect((await getRemittance(app, aa, imp.id)).fundedCents).toBe(inv.owedCents);
  });

  it('two imports of one file at once fund each invoice once', async () => {
    const tag = runTag();
    const a = await claimInvoice(app, { claim: `${tag}-A`, labor: 5_000 });
    const b = await claimInvoice(app, { claim: `${tag}-B`, labor: 7_000 });
    const csv = csvText(HEADER, [
      [`${tag}-A`, '', money(a.owedCents), '', '11/22/2026', ''],
      [`${tag}-B`, '', money(b.owedCents), '', '11/22/2026', ''],
    ]);
    const [x, y] = await Promise.all([importRemittance(app, aa, csv), importRemittance(app, aa, csv)]);
    expect(x.fundedCount + y.fundedCount).toBe(2);
    expect(x.duplicateCount + y.duplicateCount).toBe(2);
    expect(x.fundedCents + y.fundedCents).toBe(a.owedCents + b.owedCents);
    expect(await fundedState(a.id)).toMatchObject({ txs: 1 });
    expect(await fundedState(b.id)).toMatchObject({ txs: 1 });
  });
});

describe('mapping saved per clearing house', () => {
  it('start saves it; the next upload of that clearing house offers it; PUT and GET it', async () => {
    const header = ['Payment', 'Their Claim', 'Whatever'];
    const csv = csvText(header, [['12.00', `${runTag()}-Q`, 'x']]);
    const mapping = { paidAmount: 0, claimNumber: 1 };
    await importRemittance(app, aa, csv, clearingHouseId, mapping);
    const again = await uploadRemittance(app, aa, { name: 'next.csv', data: csv }, clearingHouseId);
    expect(again.mappingSource).toBe('saved');
    expect(again.suggestedMapping).toEqual(mapping);
    const got = await call('GET', `/api/RemittanceMappings/${clearingHouseId}`, aa);
    expect(parseAs(remittanceSavedMapping, got).mapping).toEqual({
      paidAmount: 'Payment',
      claimNumber: 'Their Claim',
    });
    const put = await call('PUT', `/api/RemittanceMappings/${clearingHouseId}`, aa, {
      mapping: { paidAmount: 'Net Paid', invoiceNumber: 'Inv' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(parseAs(remittanceSavedMapping, put).mapping).toEqual({
      paidAmount: 'Net Paid',
      invoiceNumber: 'Inv',
    });
    const bad = await call('PUT', `/api/RemittanceMappings/${clearingHouseId}`, aa, {
      mapping: { claimNumber: 'C' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.mapping).toBeDefined();
    expect(
      (
        await call('PUT', '/api/RemittanceMappings/2147483000', aa, {
          mapping: { paidAmount: 'P', claimNumber: 'C' },
        })
      ).statusCode,
    ).toBe(404);
    const list = await call('GET', '/api/Remittances', aa);
    expect(list.statusCode).toBe(200);
    expect(parseAs(z.array(remittanceImport), list).length).toBeGreaterThan(0);
  });
});

describe('bad files: 400 on File, nothing stored', () => {
  const stored = async () =>
    (
      await app.deps.db.rows<{ n: number }>(
        sql`select count(*)::int as n from stored_files where owner_type = 'RemittanceImport'`,
      )
    )[0].n;
  it.each([
    ['empty', ''],
    ['binary', Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0, 1, 2])],
    ['gzip', Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3])],
    ['not UTF-8', Buffer.from([0x43, 0x6c, 0x61, 0x69, 0x6d, 0x0a, 0xff, 0xfe, 0x41, 0x0a])],
    ['header without rows', 'Claim,Paid\r\n'],
    ['data in the header', '12.50,CLM-1\r\n13.00,CLM-2\r\n'],
    ['a damaged workbook', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)])],
    ['a line past the limit', `Claim,Paid\r\n"${'x'.repeat(1_100_000)}`],
  ])('%s', async (_name, data) => {
    const before = await stored();
    const res = await uploadRemittanceFile(app, aa, { name: 'bad.csv', data });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.File).toBeDefined();
    expect(await stored()).toBe(before);
  });
});

describe('roles and facilities', () => {
  it('401 without a session, 403 for a role that may not fund', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/RemittanceExceptions' })).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/api/Remittances'],
      ['GET', '/api/Remittances/1'],
      ['POST', '/api/Remittances/1/start'],
      ['GET', '/api/RemittanceExceptions'],
      ['POST', '/api/RemittanceLines/1/confirm'],
      ['PUT', `/api/RemittanceMappings/${clearingHouseId}`],
    ] as const) {
      const body =
        method === 'GET'
          ? undefined
          : method === 'PUT'
            ? { mapping: { paidAmount: 'P' } }
            : { mapping: MAPPING };
      const res = await call(method, url, reviewer, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(
      (await uploadRemittanceFile(app, reviewer, { name: 'r.csv', data: 'a,b\r\n1,2\r\n' })).statusCode,
    ).toBe(403);
  });

  it("a facility-bound user sees and works only lines of their facilities' invoices; the job funds only there", async () => {
    const [f2] = await app.deps.db.rows<{ id: number }>(
      sql`select id from facilities where id <> 1 order by id limit 1`,
    );
    const tag = runTag();
    // Claim numbers whose digits differ too (a digits-only match is a fuzzy one).
    const mine = await claimInvoice(app, { claim: `${tag}-71`, labor: 4_000, facilityId: 1 });
    const theirs = await claimInvoice(app, { claim: `${tag}-82`, labor: 4_000, facilityId: f2.id });
    const csv = csvText(HEADER, [
      [`${tag}-71`, '', money(mine.owedCents - 100), '', '', ''],
      [`${tag}-82`, '', money(theirs.owedCents + 100), '', '', ''], // overpaid: an exception with the invoice
    ]);
    // Started by the manager (facility 1): the other facility's invoice is not a candidate at all.
    const byManager = await importRemittance(app, manager, csv);
    const lines = await linesOf(byManager.id);
    expect(lines.map((l) => [l.outcome, l.invoiceId])).toEqual([
      ['ShortPaid', mine.id],
      ['Exception', null],
    ]);
    // Started by the admin (every facility): the line names the other facility's invoice.
    const tag2 = runTag();
    const theirs2 = await claimInvoice(app, { claim: `${tag2}-T`, labor: 4_000, facilityId: f2.id });
    const imp = await importRemittance(
      app,
      admin,
      csvText(HEADER, [[`${tag2}-T`, '', money(theirs2.owedCents + 100), '', '', '']]),
    );
    const [line] = await linesOf(imp.id);
    expect(line).toMatchObject({ outcome: 'Exception', invoiceId: theirs2.id });
    expect((await queue(admin, `importId=${imp.id}`)).total).toBe(1);
    expect((await queue(manager, `importId=${imp.id}`)).total).toBe(0);
    expect(
      (await call('POST', `/api/RemittanceLines/${line.id}/dismiss`, manager, { reason: 'x' })).statusCode,
    ).toBe(403);
    // A line without an invoice is everyone's who may fund.
    expect((await queue(manager, `importId=${byManager.id}`)).total).toBe(1);
  });
});

describe('the demo remittance file (db/seed/data/remittance-sample.csv)', () => {
  it('meets the seeded invoices: exact, short, uncertain, overpaid, unknown, duplicate', async () => {
    const csv = fs.readFileSync(new URL('../../db/seed/data/remittance-sample.csv', import.meta.url), 'utf8');
    const seeded = await app.deps.db.rows<{ id: number; claim: string }>(
      sql`select id, claim_number as claim from invoices where claim_number like 'DEMO-RMT-%' order by claim_number`,
    );
    expect(seeded.map((r) => r.claim)).toEqual([
      'DEMO-RMT-10001',
      'DEMO-RMT-10002',
      'DEMO-RMT-10003',
      'DEMO-RMT-10004',
    ]);
    const up = await uploadRemittance(app, admin, { name: 'remittance-sample.csv', data: csv });
    expect(up.mappingSource).toBe('recognised');
    const res = await call('POST', `/api/Remittances/${up.import.id}/start`, aa, {
      mapping: up.suggestedMapping,
    });
    expect(res.statusCode, res.body).toBe(200);
    const imp = await settledRemittance(app, admin, up.import.id);
    const lines = await linesOf(imp.id);
    const id = (claim: string) => seeded.find((r) => r.claim === claim)?.id;
    expect(lines.map((l) => [l.outcome, l.invoiceId, l.confidence])).toEqual([
      ['Funded', id('DEMO-RMT-10001'), 100],
      ['ShortPaid', id('DEMO-RMT-10002'), 95],
      ['Exception', id('DEMO-RMT-10003'), 89],
      ['Exception', id('DEMO-RMT-10004'), 95],
      ['Exception', null, 0],
      ['Duplicate', null, 0],
    ]);
    expect(lines[1].short).toBe('14.90');
    expect(imp.fundedCents).toBe(5_990 + 4_000);
    expect(imp.totalPaidCents).toBe(5_990 + 4_000 + 4_990 + 6_000 + 8_000);
  });
});

describe('markClaimPaid (the payment on the claim submission, through its one writer)', () => {
  it('Sent -> Accepted -> Short-paid, then Paid once the claim is covered; nothing without an open submission', async () => {
    const ROLLBACK = new Error('rollback');
    let result: unknown;
    await app.deps.db
      .transaction(async (tx) => {
        const [{ id: invoiceId }] = await tx.rows<{ id: number }>(
          sql`select i.id from invoices i where not exists (select 1 from claim_submissions c where c.invoice_id = i.id)
              order by i.id desc limit 1`,
        );
        const [{ id: other }] = await tx.rows<{ id: number }>(
          sql`select i.id from invoices i where not exists (select 1 from claim_submissions c where c.invoice_id = i.id)
                and i.id <> ${invoiceId} order by i.id desc limit 1`,
        );
        await tx.rows(
          sql`insert into claim_submissions (invoice_id, clearing_house_id, state, sent_on, amount_claimed)
              values (${invoiceId}, 1, 'Withdrawn', 'submit', 100), (${invoiceId}, 1, 'Sent', 'submit', 100)`,
        );
        const first = await markClaimPaid(tx, invoiceId, 6_000, 'remittance 1', null);
        const second = await markClaimPaid(tx, invoiceId, 4_000, 'remittance 2', null);
        const none = await markClaimPaid(tx, other, 4_000, 'remittance 2', null);
        const subs = await tx.rows<{ state: string; paid: string }>(
          sql`select state, amount_paid::text as paid from claim_submissions where invoice_id = ${invoiceId} order by id`,
        );
        const events = await tx.rows<{ move: string; amount: string | null; source: string | null }>(
          sql`select from_state || '>' || to_state as move, e.amount::text as amount, e.source
              from claim_submission_events e join claim_submissions c on c.id = e.submission_id
              where c.invoice_id = ${invoiceId} order by e.id`,
        );
        const history = await tx.rows<{ activity: string }>(
          sql`select activity from invoice_history where invoice_id = ${invoiceId} order by id`,
        );
        result = { first, second, none, subs, events, history: history.length };
        throw ROLLBACK;
      })
      .catch((e) => {
        if (e !== ROLLBACK) throw e;
      });
    expect(result).toMatchObject({
      first: 'ShortPaid',
      second: 'Paid',
      none: null,
      subs: [
        { state: 'Withdrawn', paid: '0.00' },
        { state: 'Paid', paid: '100.00' },
      ],
      events: [
        { move: 'Sent>Accepted', amount: null, source: 'remittance 1' },
        { move: 'Accepted>ShortPaid', amount: '60.00', source: 'remittance 1' },
        { move: 'ShortPaid>Paid', amount: '40.00', source: 'remittance 2' },
      ],
      // Each move is also in the invoice's history.
      history: 3,
    });
  });
});

describe('the exceptions queue of a long file (decision 0031)', () => {
  it('counts a queue of 10,000 lines or more by the lists rule: the kept count while one run refreshes it', async () => {
    const [{ id: importId }] = await app.deps.db.rows<{ id: number }>(
      sql`insert into remittance_imports (file_name, file_path, file_size, format, state)
          values ('long.csv', 'long.csv', 1, 'csv', 'completed') returning id`,
    );
    await app.deps.db.rows(
      sql`insert into remittance_lines (import_id, line_no, claim_number, paid_amount, outcome, reason)
          select ${importId}, g, 'LONG' || g, 10, 'Exception', 'No invoice matches' from generate_series(1, 10001) g`,
    );
    const first = await queue(aa, `importId=${importId}&pageSize=5`);
    expect(first.total).toBe(10_001);
    expect(first.value.map((l) => l.lineNo)).toEqual([1, 2, 3, 4, 5]);
    // One line dismissed by someone else: the page is exact at once, the count of so long a queue a moment later.
    await app.deps.db.rows(
      sql`update remittance_lines set outcome = 'Dismissed' where import_id = ${importId} and line_no = 1`,
    );
    const next = await queue(aa, `importId=${importId}&pageSize=5`);
    expect(next.value.map((l) => l.lineNo)).toEqual([2, 3, 4, 5, 6]);
    expect(next.total).toBe(10_001);
    // A short queue is always counted exactly.
    const [{ id: shortImport }] = await app.deps.db.rows<{ id: number }>(
      sql`insert into remittance_imports (file_name, file_path, file_size, format, state)
          values ('short.csv', 'short.csv', 1, 'csv', 'completed') returning id`,
    );
    await app.deps.db.rows(
      sql`insert into remittance_lines (import_id, line_no, paid_amount, outcome, reason)
          select ${shortImport}, g, 10, 'Exception', 'No invoice matches' from generate_series(1, 3) g`,
    );
    expect((await queue(aa, `importId=${shortImport}`)).total).toBe(3);
    await app.deps.db.rows(
      sql`update remittance_lines set outcome = 'Dismissed' where import_id = ${shortImport} and line_no = 1`,
    );
    expect((await queue(aa, `importId=${shortImport}`)).total).toBe(2);
    await app.deps.db.rows(sql`delete from remittance_imports where id in (${importId}, ${shortImport})`);
  });
});
