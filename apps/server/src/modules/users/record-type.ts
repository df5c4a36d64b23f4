import { defineRecordType } from '../../records/index.js';

/** A user as the shared layers know it: profile pictures are shown in lists, so any signed-in user reads them. */
export const userType = defineRecordType({
  recordType: 'User',
  table: 'users',
  files: { anySignedIn: true },
});
