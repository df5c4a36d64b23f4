import { can } from '@glass/domain';
import type { SessionUser } from '../auth/sessions.js';
import type { Database } from '../db/client.js';
import { fileOwnerQuery, recordTypeNamed } from '../records/registry.js';

/**
 * Who may read a stored file is decided by the record that owns it (stored_files.owner_type and
 * owner_id, written by every caller of FileStore.saveImage and images.storeImage): the owner's record
 * type declares it (records/registry.ts `files`, declared in the owning area with `defineRecordType`):
 *
 * | owner_type     | declared in                              | readable by                                         |
 * |----------------|------------------------------------------|-----------------------------------------------------|
 * | Message        | conversations/record-type.ts             | messages.read and the conversation is visible to the user (started it, received or wrote a message in it) |
 * | Invoice        | invoices/invoice-record.ts               | invoice.read, and the invoice exists at a facility the user may reach |
 * | ServiceVehicle | service-vehicles/records.ts              | serviceVehicle.read, and the vehicle exists at a facility the user may reach |
 * | Facility       | facilities/record-type.ts                | any signed-in user (icons and logos are shown in lists) |
 * | User           | users/record-type.ts                     | any signed-in user (profile pictures are shown in lists) |
 * | DmsImport      | dms-imports/record-type.ts               | dmsImports.read, and the import exists               |
 * | anything else  | (none, or a row without an owner)        | nobody                                               |
 *
 * A refusal looks exactly like a missing file (404), so a caller cannot learn which paths exist.
 */
export async function mayReadFile(
  db: Database,
  user: SessionUser,
  owner: { ownerType: string | null; ownerId: number | null },
): Promise<boolean> {
  const rule = recordTypeNamed(owner.ownerType);
  if (!rule?.files) return false;
  if (rule.files.anySignedIn) return true;
  if (!can(user.userRoleId, rule.files.action)) return false;
  if (owner.ownerId === null) return false;
  const query = fileOwnerQuery(rule, owner.ownerId, user);
  return query !== undefined && (await db.rows(query)).length > 0;
}
