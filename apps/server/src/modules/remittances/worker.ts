import type { App } from '../../app-type.js';
import { ensureFileImportWorker } from '../dms-imports/index.js';
import { REMITTANCE_IMPORT_JOB, REMITTANCE_IMPORTS, runRemittanceImport } from './job.js';

/** This process's worker of the remittance queue (the import pipeline's: once per app, resuming what was left). */
export const ensureRemittanceWorker = (app: App): Promise<void> =>
  ensureFileImportWorker(app, REMITTANCE_IMPORT_JOB, REMITTANCE_IMPORTS, runRemittanceImport);
