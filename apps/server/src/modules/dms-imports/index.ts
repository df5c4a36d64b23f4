/** DMS imports (issue #23): dealer exports in, service vehicles out; upload, map, preview, background job, history. */
import type { App } from '../../app-type.js';
import { onJobsStart } from '../../jobs/workers.js';
import { dmsImportRoutes } from './routes.js';
import { ensureImportWorker } from './worker.js';

export { dmsImportsResource } from './resource.js';

export function register(app: App) {
  dmsImportRoutes(app);
  onJobsStart(app, ensureImportWorker);
}
