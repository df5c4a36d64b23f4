import { randomUUID } from 'node:crypto';
import { centsText, invoiceMoney } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { App } from '../../app-type.js';
import { auth, DEMO, login } from '../../../test/harness.js';

/** One app and a token per role the reconcile and deposit tests use. */
export async function financeTestContext(app: App) {
  const [admin, manager, adminAssistant, reviewer, repairTech] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.manager),
    login(app, DEMO.adminAssistant),
    login(app, DEMO.reviewer),
    login(app, DEMO.repairTech),
  ]);
  return { admin, manager, adminAssistant, reviewer, repairTech };
}

/** A word no other row contains, so a test's filters see only its own invoices on a shared database. */
export const uniqueTag = (prefix = 'Recon') => `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`;

export interface TestInvoice {
  facilityId?: number;
  /** Labor and parts in cents; tax at the rate (the domain's invoice money). */
  labor: number;
  parts?: number;
  taxRate?: string;
  soldTo?: string;
  insuranceCompanyId?: number | null;
  paymentTypeId?: number;
  reference?: string | null;
  leadTechnicianId?: number | null;
  finalized?: boolean;
  void?: boolean;
  /** Default now. */
  openAt?: string;
}

/**
 * An invoice of the test's own, written straight into the table with its money computed by the domain (as
 * the invoice routes store it), so filters and totals can be checked against known figures.
 */
export async function insertInvoice(app: App, o: TestInvoice): Promise<number> {
  const m = invoiceMoney({ labor: o.labor, parts: o.parts ?? 0, taxRate: o.taxRate ?? '0.0825' });
  const [row] = await app.deps.db.rows<{ id: number }>(
    sql`insert into invoices (facility_id, payment_type_id, insurance_company_id, reference_number, sold_to,
          lead_technician_id, finalized, void, labor_cost, parts_cost, tax_cost, total_cost, open_date_time,
          vehicle_year, vehicle_make, vehicle_model)
        values (${o.facilityId ?? 1}, ${o.paymentTypeId ?? 1}, ${o.insuranceCompanyId ?? null}, ${o.reference ?? null},
          ${o.soldTo ?? null}, ${o.leadTechnicianId ?? null}, ${o.finalized ?? false}, ${o.void ?? false},
          ${centsText(m.labor)}::numeric, ${centsText(m.parts)}::numeric, ${centsText(m.tax)}::numeric,
          ${centsText(m.total)}::numeric, coalesce(${o.openAt ?? null}::timestamptz, now()), 2019, 'Honda', 'Civic')
        returning id`,
  );
  return row.id;
}

/** A new insurance company with a unique name. */
export async function insertInsurer(app: App, name: string, inactive = false): Promise<number> {
  const [row] = await app.deps.db.rows<{ id: number }>(
    sql`insert into insurance_companies (name, inactive, clearing_house_id)
        values (${name}, ${inactive}, (select min(id) from clearing_houses)) returning id`,
  );
  return row.id;
}

/** The user id of a demo account. */
export async function userIdOf(app: App, userName: string): Promise<number> {
  const [row] = await app.deps.db.rows<{ id: number }>(
    sql`select id from users where user_name = ${userName}`,
  );
  return row.id;
}

export const callAs =
  (app: App) => (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: auth(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
