import type { PersonPatch } from '@glass/domain/contracts/invoices';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/sessions.js';
import { badRequest, conflict } from '../../../http/errors.js';
import { describeChanges, type InvoiceWriteTarget, recordInvoiceChange } from '../invoice-record.js';
import { finalizedProblem } from '../workflow/workflow.js';
import type { Db } from '../../../db/unit-of-work.js';

/** Detail path → customers column; names are NOT NULL (blank is ''). */
const COLUMNS: Array<[path: string, col: string]> = [
  ['firstName', 'first_name'],
  ['lastName', 'last_name'],
  ['companyName', 'company_name'],
  ['primaryPhone.phone', 'primary_phone'],
  ['primaryPhone.phoneTypeId', 'primary_phone_type_id'],
  ['secondaryPhone.phone', 'secondary_phone'],
  ['secondaryPhone.phoneTypeId', 'secondary_phone_type_id'],
  ['doNotCall', 'do_not_call'],
  ['doNotText', 'do_not_text'],
  ['email', 'email'],
  ['doNotEmail', 'do_not_email'],
  ['address.line1', 'address_line1'],
  ['address.line2', 'address_line2'],
  ['address.city', 'city'],
  ['address.state', 'state'],
  ['address.zip', 'zip'],
];
const NOT_NULL = new Set(['first_name', 'last_name']);

function valueAt(input: PersonPatch, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], input);
}

const ROLES = { customer: 'Customer', buyer: 'Buyer' } as const;
export type PeoplePatch = Partial<Record<keyof typeof ROLES, PersonPatch>>;

/**
 * Writes the changed fields of the invoice's customer and buyer inside the invoice's write
 * transaction: 400 when the id is not the invoice's own customer/buyer, 409 on a finalized invoice,
 * one history entry ('Customer updated' / 'Buyer updated') per person that changed.
 */
export async function patchPeople(
  db: Db,
  user: SessionUser,
  target: InvoiceWriteTarget,
  people: PeoplePatch,
): Promise<boolean> {
  let changedAny = false;
  for (const role of Object.keys(ROLES) as Array<keyof typeof ROLES>) {
    const input = people[role];
    if (!input) continue;
    if (target.finalized) throw conflict(finalizedProblem(target.id));
    const [own] = await db.rows<{ personId: number | null }>(
      sql`select ${sql.identifier(`${role}_id`)} as "personId" from invoices where id = ${target.id}`,
    );
    if (own?.personId !== input.id) {
      throw badRequest(`${role}.id`, `${ROLES[role]} ${input.id} is not the ${role} of invoice ${target.id}`);
    }
    const fields = COLUMNS.map(([path, col]) => ({ path, col, value: valueAt(input, path) }))
      .filter((f) => f.value !== undefined)
      .map((f) => ({ ...f, value: f.value === null && NOT_NULL.has(f.col) ? '' : f.value }));
    if (fields.length === 0) continue;
    const [current] = await db.rows<Record<string, unknown>>(
      sql`select ${sql.join(
        fields.map((f) => sql`${sql.identifier(f.col)} as ${sql.identifier(f.path)}`),
        sql`, `,
      )} from customers where id = ${input.id} for update`,
    );
    const changes = fields
      .filter((f) => (current[f.path] ?? null) !== (f.value ?? null))
      .map((f) => ({ field: `${role}.${f.path}`, col: f.col, before: current[f.path], after: f.value }));
    if (changes.length === 0) continue;
    await db.rows(
      sql`update customers set ${sql.join(
        changes.map((c) => sql`${sql.identifier(c.col)} = ${c.after}`),
        sql`, `,
      )}, updated_at = now() where id = ${input.id}`,
    );
    await recordInvoiceChange(db, user, target.id, {
      activity: `${ROLES[role]} updated`,
      details: describeChanges(changes),
    });
    changedAny = true;
  }
  return changedAny;
}
