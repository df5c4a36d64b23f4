import { mayReachFacility } from '@glass/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/sessions.js';
import type { Db } from '../db/unit-of-work.js';
import { forbidden } from './errors.js';

/**
 * The facility scope of every staff route (decision 0016, docs/security.md "Facility scope"). A route that
 * a signed-in user reaches declares, in `config.facility`, how its request names facility data:
 *
 * - `'none'`: it reads or writes no facility's data (lookups, admin lists, one's own settings, messages);
 * - `'own'`: only the caller's own records (their tiles, their parked items, their own day as an installer);
 * - `'list'`: a list, search, calendar, report or export; its service filters the rows by
 *   `facilityFilter(user, column)` (the generated test facility-scope.test.ts checks that it does);
 * - locators `'<param|query|body>:<name>→<record>'`: the request names a record (or a facility) by that
 *   field; for a facility-bound user the gate loads the record's facility and answers 403 when it is not one
 *   of the user's allowed facilities, before the handler runs. An unknown record passes (the handler's 404).
 *   A field holding an array checks every element.
 *
 * Several parts join with ' + ' ('query:facilityId→facility + list'). A staff route without a declaration
 * (or with one that does not parse) stops the server at start-up, like a route without an access rule.
 */
export type FacilityDeclaration = string;

/** A row of an invoice's child table: its invoice's facility. */
const ofInvoiceChild = (table: string) => (ids: SQL) =>
  sql`select i.facility_id as f from ${sql.identifier(table)} x join invoices i on i.id = x.invoice_id
      where x.id = any(${ids})`;

export const RECORD_FACILITY = {
  facility: (ids: SQL) => sql`select id as f from facilities where id = any(${ids})`,
  invoice: (ids: SQL) => sql`select facility_id as f from invoices where id = any(${ids})`,
  serviceVehicle: (ids: SQL) => sql`select facility_id as f from service_vehicles where id = any(${ids})`,
  user: (ids: SQL) => sql`select facility_id as f from users where id = any(${ids})`,
  deposit: (ids: SQL) => sql`select facility_id as f from deposit_invoices where id = any(${ids})`,
  dmsImport: (ids: SQL) => sql`select facility_id as f from dms_imports where id = any(${ids})`,
  loanerCar: (ids: SQL) => sql`select facility_id as f from loaner_cars where id = any(${ids})`,
  loanerReservation: (ids: SQL) =>
    sql`select facility_id as f from loaner_reservations where id = any(${ids})`,
  invoiceNote: ofInvoiceChild('invoice_notes'),
  invoiceRepair: ofInvoiceChild('invoice_repairs'),
  invoicePart: ofInvoiceChild('replacement_parts'),
  invoiceTransaction: ofInvoiceChild('invoice_transactions'),
  invoiceLock: ofInvoiceChild('invoice_locks'),
  claimSubmission: ofInvoiceChild('claim_submissions'),
  // A remittance line is its matched invoice's; a line without one names no facility (it passes the gate).
  remittanceLine: (ids: SQL) =>
    sql`select i.facility_id as f from remittance_lines x join invoices i on i.id = x.matched_invoice_id
        where x.id = any(${ids})`,
  quickQuote: (ids: SQL) =>
    sql`select s.facility_id as f from quick_quotes x join service_vehicles s on s.id = x.service_vehicle_id where x.id = any(${ids})`,
} as const;
export type RecordKind = keyof typeof RECORD_FACILITY;

export interface Locator {
  from: 'param' | 'query' | 'body';
  name: string;
  record: RecordKind;
}
export interface ParsedFacilityRule {
  none: boolean;
  own: boolean;
  list: boolean;
  locators: Locator[];
}

/** Parses a declaration; undefined when it is missing or malformed (refused at start-up). */
export function parseFacilityRule(decl: unknown): ParsedFacilityRule | undefined {
  if (typeof decl !== 'string' || !decl.trim()) return undefined;
  const rule: ParsedFacilityRule = { none: false, own: false, list: false, locators: [] };
  for (const part of decl.split('+').map((p) => p.trim())) {
    if (part === 'none') rule.none = true;
    else if (part === 'own') rule.own = true;
    else if (part === 'list') rule.list = true;
    else {
      const m = /^(param|query|body):([A-Za-z]+)→([A-Za-z]+)$/.exec(part);
      if (!m || !(m[3] in RECORD_FACILITY)) return undefined;
      rule.locators.push({ from: m[1] as Locator['from'], name: m[2], record: m[3] as RecordKind });
    }
  }
  // 'none' stands alone: a route that names facility data cannot also claim it names none.
  if (rule.none && (rule.own || rule.list || rule.locators.length)) return undefined;
  return rule;
}

const idsOf = (v: unknown): number[] =>
  (Array.isArray(v) ? v : [v])
    .map((x) => (typeof x === 'string' && /^\d+$/.test(x) ? Number(x) : x))
    .filter((x): x is number => typeof x === 'number' && Number.isInteger(x) && x > 0 && x <= 2147483647);

/** The value a locator names in this request (after validation: params, query and body are parsed). */
function located(req: FastifyRequest, l: Locator): unknown {
  const source = l.from === 'param' ? req.params : l.from === 'query' ? req.query : req.body;
  if (!source || typeof source !== 'object') return undefined;
  // Query names are matched without regard to case (the OData-style lists take InvoiceId).
  const entries = Object.entries(source as Record<string, unknown>);
  return (
    entries.find(([k]) => k === l.name)?.[1] ??
    entries.find(([k]) => k.toLowerCase() === l.name.toLowerCase())?.[1]
  );
}

/**
 * The gate's check (registerAuth's preHandler, after the role check and the schema's validation): for a
 * facility-bound user, every record the request names must belong to one of their allowed facilities.
 */
export async function assertRequestInScope(db: Db, req: FastifyRequest, rule: ParsedFacilityRule) {
  const user = req.user;
  if (!user || user.allowedFacilityIds === null) return;
  for (const l of rule.locators) {
    const ids = idsOf(located(req, l));
    if (!ids.length) continue;
    const list = sql`${`{${ids.join(',')}}`}::int[]`;
    const rows = await db.rows<{ f: number | null }>(RECORD_FACILITY[l.record](list));
    for (const r of rows)
      if (!mayReachFacility(user.allowedFacilityIds, r.f))
        throw forbidden('This belongs to a facility you are not allowed.');
  }
}

/**
 * The condition a `'list'` route adds for its rows: `column` (a facility id column) within the user's allowed
 * facilities; `true` for a user who is not facility-bound.
 */
export function facilityFilter(user: Pick<SessionUser, 'allowedFacilityIds'>, column: SQL): SQL {
  if (user.allowedFacilityIds === null) return sql`true`;
  return sql`${column} = any(${`{${user.allowedFacilityIds.join(',')}}`}::int[])`;
}

/** 403 unless the user may reach this facility (a list's own facility parameter, a default facility). */
export function assertFacilityInScope(
  user: Pick<SessionUser, 'allowedFacilityIds'>,
  facilityId: number | null,
) {
  if (!mayReachFacility(user.allowedFacilityIds, facilityId))
    throw forbidden('This belongs to a facility you are not allowed.');
}
