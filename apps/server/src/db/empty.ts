import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

/** The demo data is seeded only into a database without users. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.rows<{ n: number }>(sql`select count(*)::int as n from users`);
  return row.n === 0;
}
