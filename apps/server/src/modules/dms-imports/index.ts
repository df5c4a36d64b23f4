/** DMS imports (issue #23): dealer exports in, service vehicles out; upload, map, preview, background job, history. */
import type { App } from '../../app-type.js';
import { onJobsStart } from '../../jobs/workers.js';
import { dmsImportRoutes } from './routes.js';
import { ensureImportWorker } from './worker.js';

export { dmsImportsResource } from './resource.js';
// The import pipeline's file handling, shared with the remittance imports (modules/remittances): the checked,
// streamed upload into the file store and the streamed CSV/XLSX readers with their hostile-file limits.
export {
  type DmsFormat as ImportFileFormat,
  FileContentError,
  type FileRow,
  readHead,
  readRows,
} from './readers.js';
export { receiveFile } from './upload.js';
export { XlsxError } from './xlsx-reader.js';

export function register(app: App) {
  dmsImportRoutes(app);
  onJobsStart(app, ensureImportWorker);
}
