import { sql } from 'drizzle-orm';
import type { App } from '../../../app-type.js';
import type { Database } from '../../../db/client.js';
import { jobsOf } from '../../../jobs/index.js';

/** The job that keeps the invoice list's counts by customer name (migration 0029) at one row per name. */
export const NAME_COUNTS_COMPACT = 'invoice-name-counts-compact';

/**
 * Sums each name's rows of `invoice_sold_to_counts` into one (writers only append a row per name and statement,
 * so that none waits for another; decision 0015). Returns how many names it merged. The counts the list reads
 * are the same before and after; this only keeps the table as small as the names are many.
 */
export async function compactNameCounts(db: Database): Promise<number> {
  const [row] = await db.rows<{ merged: number }>(sql`select invoice_sold_to_counts_compact() as merged`);
  return Number(row?.merged ?? 0);
}

/** Started with the job queue (jobs/workers.ts): the compaction every minute, once across processes. */
export async function startNameCountCompaction(app: App, everyMs = 60_000): Promise<void> {
  const jobs = jobsOf(app);
  await jobs.work(
    NAME_COUNTS_COMPACT,
    async () => {
      const merged = await compactNameCounts(app.deps.db);
      if (merged) app.log.debug({ merged }, 'invoice name counts compacted');
    },
    // A periodic run is not worth retrying: the next period runs it again.
    { retryLimit: 0, leaseSeconds: 5 * 60 },
  );
  await jobs.schedule(NAME_COUNTS_COMPACT, { everyMs });
}
