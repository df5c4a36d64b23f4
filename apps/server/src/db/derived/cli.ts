import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../client.js';
import { DERIVED } from './catalogue.js';
import { checkAndRepairDerived, checkDerived } from './check.js';

const USAGE = `npm run check:derived [-- --repair] [-- --only NAME ...]

Compares every copy the database keeps for speed (apps/server/src/db/derived/catalogue.ts) with its recomputation
from its sources, row by row, on the database the server would use (DATABASE_URL, or PGlite in DATA_DIR), and
prints the rows that differ per copy. Exit 1 when any copy drifted. --repair rewrites what differs (each copy in
one transaction) and counts again. Copies: ${DERIVED.map((c) => c.name).join(', ')}.`;

async function main() {
  const { values } = parseArgs({
    options: {
      repair: { type: 'boolean' },
      only: { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const results = values.repair
      ? await checkAndRepairDerived(db, values.only)
      : await checkDerived(db, values.only);
    let bad = false;
    for (const r of results) {
      const state =
        r.drift === null
          ? 'nothing to recompute (a change counter)'
          : r.drift === 0
            ? 'no drift'
            : `${r.drift} rows differ (both sides counted)${r.afterRepair === undefined ? '' : `; after repair ${r.afterRepair}`}`;
      if (r.drift && (r.afterRepair === undefined || r.afterRepair > 0)) bad = true;
      console.log(`${r.name.padEnd(32)} ${state}`);
    }
    if (bad) process.exitCode = 1;
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
