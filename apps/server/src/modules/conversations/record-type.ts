import { sql } from 'drizzle-orm';
import { defineRecordType } from '../../records/index.js';
import { visibleTo } from './resource.js';

/**
 * A conversation message as the shared layers know it: its image attachment is read by users with
 * messages.read who may see the conversation (resource.ts visibleTo: started it, received or wrote in it).
 */
export const messageType = defineRecordType({
  recordType: 'Message',
  table: 'messages',
  files: {
    action: 'messages.read',
    visible: (id, user) =>
      sql`select 1 from messages m join conversations c on c.id = m.conversation_id
          where m.id = ${id} and ${visibleTo(user.id)}`,
  },
});
