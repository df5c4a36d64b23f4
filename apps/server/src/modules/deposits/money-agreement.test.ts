import { createdDeposit } from '@glass/domain/contracts/deposits';
import { type ReconcileRow, reconcilePage } from '@glass/domain/contracts/reconcile';
import { addMoney, invoiceMoney, toCents } from '@glass/domain';
import fc from 'fast-check';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, parseAs } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { callAs, financeTestContext, insertInvoice, uniqueTag } from '../reconcile/test-helpers.js';

let app: App;
let t: Awaited<ReturnType<typeof financeTestContext>>;
let call: ReturnType<typeof callAs>;

beforeAll(async () => {
  app = await createTestApp();
  t = await financeTestContext(app);
  call = callAs(app);
});
afterAll(() => app?.close());

async function pdfText(data: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return pages.join('\n');
}

const arbInvoice = fc.record({
  labor: fc.integer({ min: 1, max: 2_500_000 }),
  parts: fc.integer({ min: 0, max: 2_500_000 }),
  taxRate: fc.constantFrom('0', '0.0625', '0.0825', '0.0725', '0.1'),
  paymentTypeId: fc.constantFrom(1, 2, 4, 5, 6, 8),
  itemType: fc.constantFrom(1, 2, 3),
});

describe('money is exact (issue #20): reconcile totals, the deposit total and the slip agree to the cent', () => {
  it('for random sets of invoices (property, through the API)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbInvoice, { minLength: 1, maxLength: 5 }), async (invoices) => {
        const tag = uniqueTag('Cents');
        for (const inv of invoices) {
          const id = await insertInvoice(app, {
            ...inv,
            soldTo: `Pat ${tag}`,
            reference: inv.paymentTypeId === 5 ? 'RO-1' : null,
          });
          const funded = await call('POST', `/api/ReconcileInvoices/${id}/fund`, t.adminAssistant, {
            transactionTypeId: inv.itemType,
            amount: 1,
          });
          expect(funded.statusCode, funded.body).toBe(200);
        }
        const expected = addMoney(
          invoices.map((i) => invoiceMoney({ labor: i.labor, parts: i.parts, taxRate: i.taxRate })),
        );
        // The reconcile list's totals of exactly these invoices (2 to a page: totals are the whole set's).
        const pagesOfTwo = { authorization: `Bearer ${t.adminAssistant}`, prefer: 'odata.maxpagesize=2' };
        const page = parseAs(
          reconcilePage,
          await app.inject({
            method: 'GET',
            url: `/api/ReconcileInvoices?$filter=${encodeURIComponent(`contains(buyerName,'${tag}')`)}`,
            headers: pagesOfTwo,
          }),
        );
        expect(page.totals).toEqual({
          count: invoices.length,
          laborCents: expected.labor,
          partsCents: expected.parts,
          taxCents: expected.tax,
          totalCents: expected.total,
        });
        const rows: ReconcileRow[] = [];
        for (let next: string | undefined = page['@odata.nextLink'], p = page; ; ) {
          rows.push(...(p.value as ReconcileRow[]));
          if (!next) break;
          p = parseAs(reconcilePage, await app.inject({ method: 'GET', url: next, headers: pagesOfTwo }));
          next = p['@odata.nextLink'];
        }
        // The deposit made of the rows as listed; its total sent as the screen adds it.
        const res = await call('POST', '/api/DepositInvoices/contextual', t.adminAssistant, {
          DepositInvoiceInvoiceViewModels: rows.map((r) => ({
            invoiceId: r.id,
            itemType: r.itemType,
            laborCost: r.laborCost,
            partsCost: r.partsCost,
            taxCost: r.taxCost,
            totalCost: r.totalCost,
          })),
          total: expected.total / 100,
        });
        expect(res.statusCode, res.body).toBe(201);
        const deposit = parseAs(createdDeposit, res);
        expect(toCents(deposit.total)).toBe(expected.total);
        // The slip's printed total and its Total line's labor, parts and tax.
        const pdf = await call('GET', `/api/DepositInvoices/${deposit.id}/Pdf`, t.adminAssistant);
        const text = await pdfText(pdf.rawPayload);
        const printed = /Deposit total: \$([\d,]+\.\d\d)/.exec(text)?.[1];
        expect(toCents(printed!.replaceAll(',', ''))).toBe(expected.total);
        const line = /Total\s+\$([\d,.]+)\s+\$([\d,.]+)\s+\$([\d,.]+)\s+\$([\d,.]+)\s+Deposit total/.exec(
          text,
        );
        expect(line?.slice(1).map((m) => toCents(m.replaceAll(',', '')))).toEqual([
          expected.labor,
          expected.parts,
          expected.tax,
          expected.total,
        ]);
      }),
      { numRuns: 6 },
    );
  }, 240_000);
});
