import type { App } from '../app-type.js';
import { checkDerived, type Drift } from '../db/derived/check.js';
import { jobsOf } from './index.js';

/** The scheduled drift check of the derived copies (db/derived/catalogue.ts, `npm run check:derived`). */
export const DERIVED_DRIFT_CHECK = 'derived-drift-check';

const last = new WeakMap<object, { at: Date; results: Drift[] }>();

/** The latest check's results in this process (the metric `glass_derived_drift_rows`), if one has run. */
export function lastDerivedDrift(app: App): { at: Date; results: Drift[] } | undefined {
  return last.get(app);
}

/**
 * Counts each copy's drift, keeps the result for the metric, and logs an error for a copy that drifted (a
 * trigger missed a writer, or someone wrote a copy directly: `npm run check:derived -- --repair` rewrites it).
 */
export async function runDerivedDriftCheck(app: App): Promise<Drift[]> {
  const results = await checkDerived(app.deps.db);
  last.set(app, { at: new Date(), results });
  const drifted = results.filter((r) => r.drift);
  if (drifted.length)
    app.log.error(
      { drifted },
      'derived copies differ from their sources (npm run check:derived -- --repair)',
    );
  return results;
}

/**
 * Started with the background work (jobs/background.ts): hourly by default, once across processes. The check
 * reads every copy whole (seconds on a million invoices), so it is not run at each scrape; the metric shows the
 * latest result of the process that ran it (the other processes show none until they run one).
 */
export async function startDerivedDriftCheck(app: App, everyMs = 60 * 60_000): Promise<void> {
  const jobs = jobsOf(app);
  await jobs.work(
    DERIVED_DRIFT_CHECK,
    async () => {
      await runDerivedDriftCheck(app);
    },
    { retryLimit: 0, leaseSeconds: 30 * 60 },
  );
  await jobs.schedule(DERIVED_DRIFT_CHECK, { everyMs });
}
