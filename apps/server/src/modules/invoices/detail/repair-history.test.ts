import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('invoice history of a repair line edit', () => {
  it('names the line by its number on the invoice, not by its database id', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const invoice = (await api.get(`/api/Invoices/${id}`, t.admin)).json();
    const line = invoice.repairs[0];
    expect(line).toBeDefined();
    const edit = await api.put(`/api/InvoiceRepairs/${line.id}`, t.leadTech, {
      description: 'Chip repair',
      amount: 64.9,
    });
    expect(edit.statusCode).toBe(200);
    const history = (await api.get(`/api/InvoicesHistory?InvoiceId=${id}`, t.reviewer)).json();
    const entries = Array.isArray(history) ? history : history.value;
    const entry = entries.find((e: { activity: string }) => e.activity === 'Repairs changed');
    expect(entry.details).toBe(`Repair line ${line.lineNumber} edited: Chip repair 64.90`);
    expect(entry.details).not.toContain(String(line.id));
  });
});
