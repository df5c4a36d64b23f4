import { type Action, can } from '@glass/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/sessions.js';
import type { Database } from '../db/client.js';
import { visibleTo } from '../modules/conversations/index.js';

/**
 * Who may read a stored file is decided by the record that owns it (stored_files.owner_type and
 * owner_id, written by every caller of FileStore.saveImage and images.storeImage):
 *
 * | owner_type     | stored by                                      | readable by                                         |
 * |----------------|------------------------------------------------|-----------------------------------------------------|
 * | Message        | conversation messages (image attachment)       | messages.read and the conversation is visible to the user (conversations/resource.ts visibleTo: started it, received or wrote a message in it) |
 * | Invoice        | invoice images, signatures, stored PDFs        | invoice.read, and the invoice exists                 |
 * | ServiceVehicle | RO, insurance card and windshield images       | serviceVehicle.read, and the vehicle exists          |
 * | Facility       | facility icons and logos                       | any signed-in user (they are shown in lists)         |
 * | User           | profile pictures                               | any signed-in user (they are shown in lists)         |
 * | DmsImport      | uploaded DMS exports (modules/dms-imports)     | dmsImports.read, and the import exists               |
 * | anything else  | (none, or a row without an owner)              | nobody                                               |
 *
 * A refusal looks exactly like a missing file (404), so a caller cannot learn which paths exist.
 */
type Rule = (db: Database, user: SessionUser, ownerId: number | null) => Promise<boolean>;

const exists = async (db: Database, query: SQL) => (await db.rows(query)).length > 0;

const withAction =
  (action: Action, record?: (id: number, user: SessionUser) => SQL): Rule =>
  async (db, user, ownerId) => {
    if (!can(user.userRoleId, action)) return false;
    if (!record) return true;
    return ownerId !== null && exists(db, record(ownerId, user));
  };

export const FILE_OWNER_RULES: Readonly<Record<string, Rule>> = {
  Message: withAction(
    'messages.read',
    (id, user) =>
      sql`select 1 from messages m join conversations c on c.id = m.conversation_id
          where m.id = ${id} and ${visibleTo(user.id)}`,
  ),
  Invoice: withAction('invoice.read', (id) => sql`select 1 from invoices where id = ${id}`),
  ServiceVehicle: withAction(
    'serviceVehicle.read',
    (id) => sql`select 1 from service_vehicles where id = ${id}`,
  ),
  DmsImport: withAction('dmsImports.read', (id) => sql`select 1 from dms_imports where id = ${id}`),
  Facility: async () => true,
  User: async () => true,
};

/** Whether the user may read a file owned by (ownerType, ownerId); unknown owner kinds: never. */
export async function mayReadFile(
  db: Database,
  user: SessionUser,
  owner: { ownerType: string | null; ownerId: number | null },
): Promise<boolean> {
  const rule =
    owner.ownerType !== null && Object.hasOwn(FILE_OWNER_RULES, owner.ownerType)
      ? FILE_OWNER_RULES[owner.ownerType]
      : undefined;
  return rule ? rule(db, user, owner.ownerId) : false;
}
