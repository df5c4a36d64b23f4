import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { App } from '../../app-type.js';
import { auth } from '../../../test/harness.js';
import { createInvoice } from '../invoices/test-helpers.js';

/** A 1×1 PNG as the signature pad sends it. */
export const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const run = randomInt(0, 200);
let ipSeq = 0;
/**
 * A client address no other test file uses (the public pages are rate limited per address, and the test
 * files share the PostgreSQL database): 172.16-31.x.y, a block the harness's logins (10.x) never use.
 */
export function freshIp(): string {
  const n = ipSeq++;
  return `172.${16 + (run % 16)}.${(Math.floor(run / 16) * 16 + Math.floor(n / 250)) % 256}.${(n % 250) + 1}`;
}

/** A public page call as a customer's phone makes it: no token, from an address of its own. */
export function publicCall(
  app: App,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  remoteAddress = freshIp(),
) {
  return app.inject({
    method,
    url,
    remoteAddress,
    headers: { 'user-agent': 'Mozilla/5.0 (iPhone; test)' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/**
 * An invoice of its own with work to approve: one repair of 120.00 (taxed at the facility's rate) and a
 * deductible of 50.00; answers its id and the customer's id.
 */
export async function invoiceWithWork(app: App, token: string) {
  const { id } = await createInvoice(app, token);
  const post = (url: string, payload: object, method: 'POST' | 'PATCH' = 'POST') =>
    app.inject({ method, url, headers: auth(token), payload }).then((res) => {
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    });
  await post('/api/InvoiceRepairs', {
    invoiceId: id,
    description: 'Chip repair',
    location: 'Driver side',
    amount: 120,
  });
  const detail = await post(`/api/Invoices/${id}`, { deductibleAmount: 50, insuranceCompanyId: 1 }, 'PATCH');
  return { id, customerId: detail.customer.id as number };
}

/** The outbox rows queued for an invoice, oldest first. */
export function outboxOf(app: App, invoiceId: number) {
  return app.deps.db.rows<{
    id: number;
    channel: string;
    toAddress: string;
    subject: string | null;
    body: string;
  }>(
    sql`select id, channel, to_address as "toAddress", subject, body from notify_outbox
        where record_type = 'Invoice' and record_id = ${invoiceId} order by id`,
  );
}
