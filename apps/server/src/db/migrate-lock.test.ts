import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, migrationsFolder, openDatabase } from './client.js';

const url = process.env.DATABASE_URL;
if (!url)
  console.info(
    'migrate-lock.test.ts skipped: it needs PostgreSQL (DATABASE_URL); PGlite is one process and takes no lock',
  );

describe.skipIf(!url)('migrations under an advisory lock (PostgreSQL)', () => {
  it('two processes migrating a fresh database at once both succeed and apply each migration once', async () => {
    const name = `glass_migrate_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    const [a, b] = await Promise.all([
      openDatabase({ databaseUrl: target.toString() }),
      openDatabase({ databaseUrl: target.toString() }),
    ]);
    try {
      const results = await Promise.allSettled([migrateDatabase(a), migrateDatabase(b)]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
      const applied = await a.pool!.query(
        'select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]).toEqual({ n: journal.entries.length, distinct_hashes: journal.entries.length });
      // The lock is released: a third start migrates (nothing to do) without waiting.
      await migrateDatabase(a);
      const locks = await a.pool!.query(
        "select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
      );
      expect(locks.rows[0].n).toBe(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    }
  }, 60_000);
});
