import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../src/db/client.js';
import { seedDatabase } from '../src/db/seed/index.js';
import { TEST_PEPPER, TEST_SCRYPT_COST, TEST_SEED_SCALE } from './constants.js';

/**
 * Seeds the demo data once per test run. On PGlite the seeded database is dumped to a file that every
 * test file loads (a fresh copy each); on PostgreSQL (DATABASE_URL) the schema is reset and seeded once,
 * and the test files share it (they create their own records where they change data).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  // The files the seeded rows point at; every test app starts with a copy (harness.ts).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-test-seed-files-'));
  project.provide('seedFiles', path.join(dataDir, 'files'));
  const removeFiles = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(
      'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;',
    );
    await client.end();
    const db = await openDatabase({ databaseUrl: url });
    await migrateDatabase(db);
    await seedDatabase(db, {
      scale: TEST_SEED_SCALE,
      pepper: TEST_PEPPER,
      scryptCost: TEST_SCRYPT_COST,
      dataDir,
    });
    await db.close();
    project.provide('seededAt', new Date().toISOString());
    return removeFiles;
  }
  const db = await openDatabase({ memory: true });
  await migrateDatabase(db);
  await seedDatabase(db, {
    scale: TEST_SEED_SCALE,
    pepper: TEST_PEPPER,
    scryptCost: TEST_SCRYPT_COST,
    dataDir,
  });
  project.provide('seededAt', new Date().toISOString());
  const dump = await db.pglite!.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `glass-test-seed-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('seedDump', file);
  return () => {
    fs.rmSync(file, { force: true });
    removeFiles();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    seedDump?: string;
    /** The seed's file store root (`<dataDir>/files`). */
    seedFiles?: string;
    /** When the seed finished: on the shared PostgreSQL database, later rows are other test files' own. */
    seededAt?: string;
  }
}
