import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database } from './client.js';

/** The demo data is seeded only into a database without users. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.rows<{ n: number }>(sql`select count(*)::int as n from users`);
  return row.n === 0;
}

/**
 * Whether start-up seeds the demo data: only when asked (SEED_DEMO=1, which `npm start` sets on the
 * embedded database) and the database has no users. The demo PINs are published in the README, so
 * production refuses it (loadConfig already does; this holds for a hand-built config too).
 */
export async function shouldSeedDemo(
  db: Database,
  config: Pick<Config, 'seedDemo' | 'nodeEnv'>,
  log: { warn(msg: string): void; info(msg: string): void },
): Promise<boolean> {
  if (config.seedDemo && config.nodeEnv === 'production')
    throw new Error(
      'SEED_DEMO is refused with NODE_ENV=production: the demo accounts and their PINs are published',
    );
  if (!(await isDatabaseEmpty(db))) return false;
  if (!config.seedDemo) {
    log.warn('empty database and SEED_DEMO is not set: no demo data seeded, nobody can sign in yet');
    return false;
  }
  log.info('empty database: seeding demo data (SEED_DEMO=1)');
  return true;
}
