import {
  REMITTANCE_FIELD_KEYS,
  type RemittanceField,
  type RemittanceMapping,
  remittanceMappingProblem,
} from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../../http/errors.js';

/** The column mapping saved per clearing house, by header name (issue #35 item 4). */

/** A saved mapping (field → header name) as column indexes of these headers, when every name is there. */
export function savedToIndexes(
  saved: Record<string, string>,
  headers: readonly string[],
): RemittanceMapping | undefined {
  const lower = headers.map((h) => h.trim().toLowerCase());
  const mapping: RemittanceMapping = {};
  for (const [field, name] of Object.entries(saved)) {
    if (!REMITTANCE_FIELD_KEYS.includes(field as RemittanceField)) continue;
    const index = lower.indexOf(String(name).trim().toLowerCase());
    if (index < 0) return undefined;
    mapping[field as RemittanceField] = index;
  }
  return remittanceMappingProblem(mapping, headers.length) ? undefined : mapping;
}

/** The mapping kept for the clearing house, by header name (the next file may order its columns otherwise). */
export async function saveMapping(
  db: Database,
  clearingHouseId: number,
  byName: Partial<Record<RemittanceField, string>>,
  userId: number,
) {
  await db.rows(
    sql`insert into remittance_mappings (clearing_house_id, mapping, updated_by_id)
        values (${clearingHouseId}, ${JSON.stringify(byName)}::jsonb, ${userId})
        on conflict (clearing_house_id) do update set mapping = excluded.mapping,
          updated_by_id = excluded.updated_by_id, updated_at = now()`,
  );
  return loadMapping(db, clearingHouseId);
}

export async function loadMapping(db: Database, clearingHouseId: number) {
  const [row] = await db.rows<{ mapping: Record<string, string>; updatedAt: string | null }>(
    sql`select mapping, updated_at as "updatedAt" from remittance_mappings where clearing_house_id = ${clearingHouseId}`,
  );
  return { clearingHouseId, mapping: row?.mapping ?? {}, updatedAt: row?.updatedAt ?? null };
}

/** PUT /api/RemittanceMappings/{clearingHouseId}: 404 for an unknown clearing house. */
export async function putMapping(
  db: Database,
  clearingHouseId: number,
  byName: Partial<Record<RemittanceField, string>>,
  userId: number,
) {
  const [ch] = await db.rows(sql`select 1 from clearing_houses where id = ${clearingHouseId}`);
  if (!ch) throw notFound(`Clearing house ${clearingHouseId} not found.`);
  const indexes: RemittanceMapping = {};
  const names = Object.values(byName);
  for (const f of REMITTANCE_FIELD_KEYS) {
    const name = byName[f];
    if (name !== undefined) indexes[f] = names.indexOf(name);
  }
  const problem = remittanceMappingProblem(indexes, names.length);
  if (problem) throw badRequest('mapping', problem);
  return saveMapping(db, clearingHouseId, byName, userId);
}
