import pg from 'pg';
import { loadConfig } from '../../config.js';
import { migrateDatabase, openDatabase } from '../client.js';
import { seedDatabase } from './index.js';

/**
 * npm run seed -w apps/server -- [--scale N] [--reset]
 * --reset drops the public schema and drizzle's migration schema first (PGlite or DATABASE_URL).
 */
function parseArgs(argv: string[]) {
  let scale = 1;
  let reset = false;
  for (let k = 0; k < argv.length; k++) {
    if (argv[k] === '--reset') reset = true;
    else if (argv[k] === '--scale') scale = Number(argv[++k]);
    else if (argv[k].startsWith('--scale=')) scale = Number(argv[k].slice(8));
    else throw new Error(`unknown argument ${argv[k]}`);
  }
  if (!(scale > 0)) throw new Error('--scale must be a positive number');
  return { scale, reset };
}

const RESET_SQL =
  'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;';

async function main() {
  const { scale, reset } = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  if (reset && config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    await client.query(RESET_SQL);
    await client.end();
  }
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (reset && db.kind === 'pglite') {
      for (const stmt of RESET_SQL.split(';').filter((x) => x.trim())) await db.orm.execute(stmt);
    }
    await migrateDatabase(db);
    await seedDatabase(db, {
      scale,
      pepper: config.passwordPepper,
      scryptCost: config.scryptCost,
      publicBaseUrl: config.publicBaseUrl,
      dataDir: config.dataDir,
      fileStore: config.fileStore,
      log: (m) => console.log(m),
    });
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
