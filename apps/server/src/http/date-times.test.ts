import { ISO_DATE_TIME } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, DEMO, login } from '../../test/harness.js';
import type { App } from '../app-type.js';
import { installerIds, insertVisit } from '../modules/appointments/test-helpers.js';
import { createInvoice } from '../modules/invoices/test-helpers.js';
import { parseFacilityRule, type RecordKind } from './facility-scope.js';

/**
 * Every date-time in every answer is ISO 8601 with its offset (issue #34 item 5): Safari on an iPhone cannot
 * parse PostgreSQL's text form ('2026-12-12 20:38:31.771+00'), so a customer saw "valid until ." Every GET route
 * of the route table is read as the System Admin (a route with a record in its path with a record of that kind,
 * from the route's facility declaration), and every string in the answer that starts like a date and a time
 * must be ISO 8601 with an offset. The answers that write (the loaner usage's PUT) and the public pages are read
 * too. The response schemas' `timestamp` is the same pattern, so the tests that parse answers check it as well.
 */
let app: App;
let admin: string;
const firstOf = new Map<RecordKind, number>();

beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
  // A visit of today, so the appointment answers (lists, calendar, details) have rows on any database.
  const { id: invoiceId } = await createInvoice(app, admin);
  const { repairTech } = await installerIds(app);
  await insertVisit(app, { invoiceId, installerId: repairTech, at: new Date().toISOString() });
  const tables: Partial<Record<RecordKind, string>> = {
    facility: 'facilities',
    invoice: 'invoices',
    serviceVehicle: 'service_vehicles',
    user: 'users',
    deposit: 'deposit_invoices',
    dmsImport: 'dms_imports',
    loanerCar: 'loaner_cars',
    loanerReservation: 'loaner_reservations',
    invoiceNote: 'invoice_notes',
    invoiceRepair: 'invoice_repairs',
    invoicePart: 'replacement_parts',
    invoiceTransaction: 'invoice_transactions',
    invoiceLock: 'invoice_locks',
    quickQuote: 'quick_quotes',
  };
  for (const [kind, table] of Object.entries(tables) as [RecordKind, string][]) {
    const [row] = await app.deps.db.rows<{ id: number }>(
      sql`select id from ${sql.identifier(table)} order by id limit 1`,
    );
    if (row) firstOf.set(kind, row.id);
  }
});
afterAll(() => app?.close());

const LOOKS_LIKE_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
/**
 * A facility wall clock, not an instant: the appointment contracts declare `localDateTime`,
 * `localExpectedReturnTime`, the calendar entries' time and the schedule form's `appointmentDateTime` as
 * 'YYYY-MM-DDTHH:mm' on the facility's clock, which the screens show as they are (and every engine parses).
 */
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The strings of an answer that look like a date and a time but are not ISO 8601 with offset, with their path. */
function badDateTimes(value: unknown, path = '$', out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (LOOKS_LIKE_DATE_TIME.test(value) && !ISO_DATE_TIME.test(value) && !WALL_CLOCK.test(value))
      out.push(`${path} = ${value}`);
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.slice(0, 50).entries()) badDateTimes(v, `${path}[${i}]`, out);
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) badDateTimes(v, `${path}.${k}`, out);
  return out;
}

/** The answer's JSON, or its text read as JSON when the route builds it (e.g. the calendar). */
function json(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

describe('date-times in answers', () => {
  it('every GET route answers ISO 8601 with offset', async () => {
    const bad: string[] = [];
    let read = 0;
    for (const r of app.routeTable()) {
      if (r.method !== 'GET' || r.access.kind !== 'user') continue;
      let url = r.url;
      if (url.includes(':')) {
        const rule = parseFacilityRule(r.facility);
        const params = url.match(/:\w+/g) ?? [];
        const locator = rule?.locators.find((l) => l.from === 'param');
        const id = locator && firstOf.get(locator.record);
        if (params.length !== 1 || !locator || id === undefined) continue;
        url = url.replace(params[0], String(id));
      }
      const res = await app.inject({ method: 'GET', url, headers: auth(admin) });
      if (res.statusCode >= 400 || !(res.headers['content-type'] ?? '').toString().includes('json')) continue;
      read++;
      bad.push(...badDateTimes(json(res.body)).map((b) => `${url}: ${b}`));
    }
    expect(read).toBeGreaterThan(80);
    expect(bad).toEqual([]);
  }, 300_000);

  it("the customer's approval page answers ISO 8601 (valid until, answered at)", async () => {
    // A link of its own, answering for 14 days (the seed's have expired).
    const [approval] = await app.deps.db.rows<{ guid: string }>(
      sql`insert into customer_approvals (invoice_id, channel, sent_to, expires_at)
          select id, 'sms', '7135550186', now() + interval '14 days' from invoices order by id offset 100 limit 1
          returning id::text as guid`,
    );
    expect(approval).toBeDefined();
    const res = await app.inject({ method: 'GET', url: `/api/public/approvals/${approval.guid}` });
    const body = json(res.body) as Record<string, unknown> | undefined;
    expect(res.statusCode).toBe(200);
    expect(body?.expiresAt).toMatch(ISO_DATE_TIME);
    expect(new Date(String(body?.expiresAt)).getTime()).not.toBeNaN();
    expect(badDateTimes(body)).toEqual([]);
  });
});
