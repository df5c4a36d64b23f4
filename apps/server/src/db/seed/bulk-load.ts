import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import type { SeedContext } from './context.js';
import { exec, rows } from './context.js';

export interface SavedSchema {
  foreignKeys: { table: string; name: string; def: string }[];
  indexes: { table: string; name: string; def: string }[];
}

/**
 * Bulk loading is several times faster without foreign-key triggers (one lookup per row and key)
 * and without index upkeep per row. On a PostgreSQL server the seed drops the foreign keys and the
 * secondary indexes, loads, then rebuilds them (restoreInParallel): CREATE INDEX sorts once,
 * VALIDATE checks a key with one join. The definitions are read back from the catalog, so the
 * result is exactly what the migrations made. Primary keys and unique constraints stay in place.
 */
export async function dropForBulkLoad(ctx: SeedContext): Promise<SavedSchema> {
  const foreignKeys = await rows<{ table: string; name: string; def: string }>(
    ctx,
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def
       from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace order by 1, 2`,
  );
  const indexes = await rows<{ table: string; name: string; def: string }>(
    ctx,
    `select i.indrelid::regclass::text as table, i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class c on c.oid = i.indrelid
      where c.relnamespace = 'public'::regnamespace
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by 1`,
  );
  for (const fk of foreignKeys) await exec(ctx, `alter table ${fk.table} drop constraint "${fk.name}"`);
  for (const ix of indexes) await exec(ctx, `drop index ${ix.name}`);
  return { foreignKeys, indexes };
}

/** Identity sequences past the explicit ids the seed inserted. */
export async function advanceSequences(ctx: SeedContext): Promise<void> {
  const cols = await rows<{ table: string; column: string }>(
    ctx,
    `select table_name as table, column_name as column from information_schema.columns
      where table_schema = 'public' and is_identity = 'YES' order by 1`,
  );
  for (const c of cols) {
    await exec(
      ctx,
      `select setval(pg_get_serial_sequence('public."${c.table}"', '${c.column}'),
         coalesce((select max("${c.column}") from public."${c.table}"), 0) + 1, false)`,
    );
  }
}

/**
 * On a PostgreSQL server, after the data is committed: foreign keys are added NOT VALID one by one
 * (instant), then each table's indexes are built and its keys validated, several tables at once
 * on separate connections. VALIDATE only locks the table against schema changes, so workers on
 * different tables do not wait for each other; the end state equals the migration's.
 */
export async function restoreInParallel(
  db: Database,
  saved: SavedSchema,
  workers: number,
  log: (msg: string) => void,
): Promise<void> {
  const run = (q: string) => db.orm.execute(sql.raw(q));
  for (const fk of saved.foreignKeys) {
    await run(`alter table ${fk.table} add constraint "${fk.name}" ${fk.def} not valid`);
  }
  const sizes = await db.rows<{ table: string; bytes: number }>(
    sql.raw(`select c.oid::regclass::text as table, pg_relation_size(c.oid) as bytes from pg_class c
              where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'`),
  );
  const units = sizes
    .sort((a, b) => b.bytes - a.bytes)
    .map(({ table }) => ({
      table,
      steps: [
        ...saved.indexes.filter((ix) => ix.table === table).map((ix) => ix.def),
        ...saved.foreignKeys
          .filter((fk) => fk.table === table)
          .map((fk) => `alter table ${fk.table} validate constraint "${fk.name}"`),
      ],
    }))
    .filter((u) => u.steps.length > 0);
  let next = 0;
  const worker = async () => {
    while (next < units.length) {
      const unit = units[next++];
      const t0 = Date.now();
      await db.orm.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local maintenance_work_mem = '256MB'`));
        for (const step of unit.steps) await tx.execute(sql.raw(step));
      });
      const s = (Date.now() - t0) / 1000;
      if (s > 5) log(`seed:   indexes and keys of ${unit.table} (${s.toFixed(1)} s)`);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
}
