import type { App } from '../../app-type.js';
import { FileStore } from '../../files/file-store.js';
import { jobsOf } from '../../jobs/index.js';
import { hubOf } from '../../realtime/hub.js';
import { REMITTANCE_IMPORT_JOB, recoverRemittanceImports, runRemittanceImport } from './job.js';

const started = new WeakMap<object, Promise<void>>();

/**
 * Starts this process's worker of the remittance queue (once per app): at start-up through the jobs layer, or
 * at the first import a process queues; then picks up what a previous process left queued or running.
 */
export function ensureRemittanceWorker(app: App): Promise<void> {
  let start = started.get(app);
  if (!start) {
    start = (async () => {
      const jobs = jobsOf(app);
      const { db, config } = app.deps;
      const deps = { db, files: new FileStore(db, config), hub: hubOf(app), log: app.log };
      await jobs.start();
      await jobs.work<{ importId: number }>(
        REMITTANCE_IMPORT_JOB,
        (data, ctx) => runRemittanceImport(deps, Number(data.importId), { signal: ctx.signal }),
        { retryLimit: 3, retryDelaySeconds: 5, leaseSeconds: 60 * 60 },
      );
      await recoverRemittanceImports(
        db,
        (importId) => jobs.enqueue(REMITTANCE_IMPORT_JOB, { importId }).then(() => {}),
        { sole: jobs.kind === 'in-process' },
      );
    })();
    started.set(app, start);
  }
  return start;
}
