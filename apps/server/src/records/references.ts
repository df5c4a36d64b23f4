import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/unit-of-work.js';
import { badRequest } from '../http/errors.js';

/**
 * Tables a request may refer to by id, by the name the 400 uses. Each has `id`, `name` (users: first
 * and last name) and `is_active`; a row that lacks them is adapted by a sub-select (vendors).
 */
export const REFERENCES = {
  facility: sql`facilities`,
  user: sql`users`,
  disposition: sql`dispositions`,
  'lost reason': sql`lost_reasons`,
  'part type': sql`part_types`,
  grade: sql`part_grades`,
  'part status': sql`replacement_part_statuses`,
  accessory: sql`windshield_accessories`,
  vendor: sql`(select id, name, not inactive as is_active from vendors) vendors`,
} as const satisfies Record<string, SQL>;

export type ReferenceKind = keyof typeof REFERENCES;

/**
 * The referenced row's id and name; a missing or inactive row is a 400 on the request's `field`
 * ("Unknown facility 99"). Null or undefined ids are not checked (undefined returned).
 */
export async function assertReference(
  db: Db,
  kind: ReferenceKind,
  id: number | null | undefined,
  field: string,
): Promise<{ id: number; name: string } | undefined> {
  if (id === null || id === undefined) return undefined;
  const name = kind === 'user' ? sql`first_name || ' ' || last_name` : sql`name`;
  const [row] = await db.rows<{ id: number; name: string }>(
    sql`select id, ${name} as name from ${REFERENCES[kind]} where id = ${id} and is_active`,
  );
  if (!row) throw badRequest(field, `Unknown ${kind} ${id}`);
  return row;
}
