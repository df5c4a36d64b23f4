import { defineRecordType } from '../../records/index.js';

/** A DMS import as the shared layers know it: its uploaded export is read with dmsImports.read while it exists. */
export const dmsImportType = defineRecordType({
  recordType: 'DmsImport',
  table: 'dms_imports',
  files: { action: 'dmsImports.read' },
});
