import type { App } from '../../app-type.js';
import { FileStore } from '../../files/file-store.js';
import { jobsOf } from '../../jobs/index.js';
import { hubOf } from '../../realtime/hub.js';
import { DMS_IMPORT_JOB, recoverImports, runImport } from './job.js';

const started = new WeakMap<object, Promise<void>>();

/**
 * Starts this process's worker of the import queue (once per app): at start-up through the jobs layer
 * (jobs/workers.ts, from main.ts), or at the first import a process queues. It then picks up the imports a
 * previous process left queued or running, which resume after their last committed batch.
 */
export function ensureImportWorker(app: App): Promise<void> {
  let start = started.get(app);
  if (!start) {
    start = (async () => {
      const jobs = jobsOf(app);
      const { db, config } = app.deps;
      const deps = { db, files: new FileStore(db, config), hub: hubOf(app), log: app.log };
      await jobs.start();
      await jobs.work<{ importId: number }>(
        DMS_IMPORT_JOB,
        (data, ctx) => runImport(deps, Number(data.importId), { signal: ctx.signal }),
        // A run marks its import failed itself; a retry is for a process that died (its lease expired).
        { retryLimit: 3, retryDelaySeconds: 5, leaseSeconds: 60 * 60 },
      );
      await recoverImports(db, (importId) => jobs.enqueue(DMS_IMPORT_JOB, { importId }).then(() => {}), {
        sole: jobs.kind === 'in-process',
      });
    })();
    started.set(app, start);
  }
  return start;
}
