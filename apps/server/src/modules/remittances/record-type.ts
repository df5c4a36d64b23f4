import { defineRecordType } from '../../records/index.js';

/** A remittance import as the shared layers know it: its uploaded payment file is read by whoever may fund. */
export const remittanceImportType = defineRecordType({
  recordType: 'RemittanceImport',
  table: 'remittance_imports',
  files: { action: 'finance.write' },
});
