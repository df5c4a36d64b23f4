import { type SQL, sql } from 'drizzle-orm';
import { f, nn, out, userName } from '../../odata/fields.js';
import type { ODataField, ODataResource } from '../../odata/types.js';

/**
 * GET /api/Conversations (spec 1 §3 "Conversation", "Message", "Recipient"), with
 * `$expand=Messages($expand=Recipients),Recipients`. Names (From, message authors, recipients) and
 * the groups of the "To" line are output-only lookups evaluated for the page's rows.
 */
const recipientFields = (a: string): Record<string, ODataField> => ({
  id: f(`${a}.id`, 'number'),
  recipientUserId: nn(`${a}.recipient_user_id`, 'number'),
  messageId: nn(`${a}.message_id`, 'number'),
  messageReadAt: f(`${a}.message_read_at`, 'datetime'),
  recipientName: userName(`${a}.recipient_user_id`),
});

const messageRecipients: ODataResource = {
  name: 'Recipients',
  from: 'recipients mr',
  fields: recipientFields('mr'),
  defaultOrderBy: 'mr.id',
  key: 'mr.id',
  defaultTop: 500,
  maxTop: 500,
};

/** Every recipient row of every message of the conversation (the unread rule reads them). */
const conversationRecipients: ODataResource = {
  name: 'Recipients',
  from: 'recipients cr join messages crm on crm.id = cr.message_id',
  fields: recipientFields('cr'),
  defaultOrderBy: 'cr.message_id, cr.id',
  key: 'cr.id',
  defaultTop: 2000,
  maxTop: 2000,
};

const messages: ODataResource = {
  name: 'Messages',
  from: 'messages m',
  fields: {
    id: f('m.id', 'number'),
    conversationId: nn('m.conversation_id', 'number'),
    message: nn('m.message', 'string'),
    messageFromUserId: nn('m.message_from_user_id', 'number'),
    messageFromName: userName('m.message_from_user_id'),
    messagedAt: nn('m.messaged_at', 'datetime'),
    expiresAt: f('m.expires_at', 'datetime'),
    imageAttachmentPath: f('m.image_attachment_path', 'string'),
    /** Where the image is served (bearer token required). */
    imageAttachmentUrl: out(`'/api/files/' || m.image_attachment_path`, 'string'),
  },
  expand: { recipients: { resource: messageRecipients, on: 'mr.message_id = m.id', many: true } },
  defaultOrderBy: 'm.messaged_at asc',
  key: 'm.id',
  defaultTop: 200,
  maxTop: 200,
};

export const conversationsResource: ODataResource = {
  name: 'Conversations',
  from: 'conversations c',
  fields: {
    id: f('c.id', 'number'),
    subject: nn('c.subject', 'string'),
    description: f('c.description', 'string'),
    startedByUserId: nn('c.started_by_user_id', 'number'),
    startedByName: userName('c.started_by_user_id'),
    startedAt: nn('c.started_at', 'datetime'),
    lastMessageAt: nn('c.last_message_at', 'datetime'),
    classNameId: nn('c.class_name_id', 'number'),
    titleColorId: nn('c.title_color_id', 'number'),
    serviceVehicleId: f('c.service_vehicle_id', 'number'),
    invoiceId: f('c.invoice_id', 'number'),
    // A JSON array [{id, name}] (output only): the groups the conversation was addressed to.
    messageGroups: out(
      `(select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name) order by g.id), '[]'::json)
        from conversation_message_groups cg join message_groups g on g.id = cg.message_group_id
        where cg.conversation_id = c.id)`,
      'string',
    ),
  },
  expand: {
    messages: { resource: messages, on: 'm.conversation_id = c.id', many: true },
    recipients: { resource: conversationRecipients, on: 'crm.conversation_id = c.id', many: true },
  },
  defaultOrderBy: 'c.last_message_at desc',
  key: 'c.id',
  defaultTop: 100,
  maxTop: 500,
};

/** Conversations a user may see: started, wrote in, or received a message of (alias `c`). */
export const visibleTo = (userId: number): SQL =>
  sql`(c.started_by_user_id = ${userId}
       or exists (select 1 from recipients vr where vr.recipient_user_id = ${userId} and vr.conversation_id = c.id)
       or exists (select 1 from messages vm where vm.conversation_id = c.id and vm.message_from_user_id = ${userId}))`;
