import { sql } from 'drizzle-orm';
import type { App } from '../../app-type.js';
import { checkContract } from '../../../test/contract-check.js';
import { auth, DEMO, login } from '../../../test/harness.js';
import { createSv, type SvTestContext, svTestContext } from '../service-vehicles/test-helpers.js';

export type InvoiceTestContext = SvTestContext & { adminAssistant: string };

/** One app and a token per role the invoice tests use. */
export async function invoiceTestContext(): Promise<InvoiceTestContext> {
  const t = await svTestContext();
  return { ...t, adminAssistant: await login(t.app, DEMO.adminAssistant) };
}

export function invoiceClient(app: App) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    payload?: unknown,
  ) =>
    app
      .inject({
        method,
        url,
        headers: auth(token),
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
      // Every invoice answer is parsed with its contract schema (test/contract-check.ts).
      .then((res) => checkContract(method, url, res));
  return {
    get: (url: string, token: string) => call('GET', url, token),
    post: (url: string, token: string, payload: unknown = {}) => call('POST', url, token, payload),
    put: (url: string, token: string, payload?: unknown) => call('PUT', url, token, payload),
    patch: (url: string, token: string, payload: unknown) => call('PATCH', url, token, payload),
    delete: (url: string, token: string) => call('DELETE', url, token),
  };
}

/**
 * A fresh invoice of its own (a new service vehicle, initiated through the API), so tests on a shared
 * PostgreSQL database never touch demo invoices. Returns the invoice and service vehicle ids.
 */
export async function createInvoice(app: App, token: string) {
  const sv = await createSv(app, token);
  const res = await app.inject({
    method: 'POST',
    url: `/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`,
    headers: auth(token),
  });
  if (res.statusCode !== 201) throw new Error(`invoice failed: ${res.statusCode} ${res.body}`);
  return { id: res.json().invoiceId as number, serviceVehicleId: sv.id as number };
}

/** The invoice's history entries, newest first. */
export function invoiceHistory(app: App, id: number) {
  return app.deps.db.rows<{ activity: string; details: string | null; userId: number }>(
    sql`select activity, details, user_id as "userId" from invoice_history where invoice_id = ${id}
        order by activity_date desc, id desc`,
  );
}
