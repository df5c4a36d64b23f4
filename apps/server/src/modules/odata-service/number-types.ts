import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { ODataField, ODataResource } from '../../odata/types.js';

/** The Edm type of a PostgreSQL type a number field can have; other numbers (numeric, double) are decimals. */
const EDM_OF_PG: Record<string, string> = {
  smallint: 'Edm.Int16',
  integer: 'Edm.Int32',
  bigint: 'Edm.Int64',
};

/** Edm types of number fields, by field: ids and counts are integers of their column's width (CSDL §4.4). */
export type NumberTypes = Map<ODataField, string>;

/** The resource and every expanded child, once each. */
function withChildren(resource: ODataResource, seen: Set<ODataResource>): ODataResource[] {
  if (seen.has(resource)) return [];
  seen.add(resource);
  return [resource, ...Object.values(resource.expand ?? {}).flatMap((e) => withChildren(e.resource, seen))];
}

/**
 * Asks the database for the type of every number field of these lists: `pg_typeof` of a scalar subquery that
 * selects the field's expression from the list's `from` and no row (a null of the expression's type), one
 * statement per list. A statement the database refuses leaves that list's numbers Edm.Decimal.
 */
export async function numberTypes(db: Database, resources: readonly ODataResource[]): Promise<NumberTypes> {
  const out: NumberTypes = new Map();
  const seen = new Set<ODataResource>();
  for (const resource of resources.flatMap((r) => withChildren(r, seen))) {
    const fields = Object.values(resource.fields).filter((f) => f.type === 'number' && !out.has(f));
    if (fields.length === 0) continue;
    const columns = fields.map(
      (f, i) =>
        sql`pg_typeof((select ${sql.raw(f.sql)} from ${sql.raw(resource.from)} limit 0))::text as ${sql.raw(`t${i}`)}`,
    );
    try {
      const [row] = await db.rows<Record<string, string>>(sql`select ${sql.join(columns, sql`, `)}`);
      fields.forEach((f, i) => {
        const edm = EDM_OF_PG[row[`t${i}`]];
        if (edm) out.set(f, edm);
      });
    } catch {
      // An expression that needs the list's other clauses: its numbers stay Edm.Decimal.
    }
  }
  return out;
}
