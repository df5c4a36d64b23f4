/** DMS imports (issue #23): dealer exports in, service vehicles out; upload, map, preview, background job, history. */
import type { App } from '../../app-type.js';
import { onJobsStart } from '../../jobs/workers.js';
import { dmsImportRoutes } from './routes.js';
import { ensureImportWorker } from './worker.js';

export { dmsImportsResource } from './resource.js';
// The import pipeline, shared with the remittance imports (modules/remittances): the checked, streamed upload
// into the file store, the streamed CSV/XLSX readers with their hostile-file limits, and the run (lease, batches,
// resume point, cancel, recovery) with its queue worker.
export {
  type DmsFormat as ImportFileFormat,
  FileContentError,
  type FileRow,
  readHead,
  readRows,
} from './readers.js';
export {
  ensureFileImportWorker,
  ImportInterrupted,
  type ImportTable,
  LEASE_SECONDS,
  MAX_ATTEMPTS,
  type RunDeps,
  type RunOptions,
  recoverFileImports,
  runFileImport,
} from './file-import-run.js';
export { receiveFile } from './upload.js';
export { XlsxError } from './xlsx-reader.js';

export function register(app: App) {
  dmsImportRoutes(app);
  onJobsStart(app, ensureImportWorker);
}
