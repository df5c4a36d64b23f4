import { defineRecordType } from '../../records/index.js';

/** A facility as the shared layers know it: its icon and logo are shown in lists, so any signed-in user reads them. */
export const facilityType = defineRecordType({
  recordType: 'Facility',
  table: 'facilities',
  files: { anySignedIn: true },
});
