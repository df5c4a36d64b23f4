import type { App } from '../../app-type.js';
import { ensureFileImportWorker } from './file-import-run.js';
import { DMS_IMPORT_JOB, DMS_IMPORTS, runImport } from './job.js';

/** This process's worker of the DMS import queue (file-import-run.ts: once per app, resuming what was left). */
export const ensureImportWorker = (app: App): Promise<void> =>
  ensureFileImportWorker(app, DMS_IMPORT_JOB, DMS_IMPORTS, runImport);
