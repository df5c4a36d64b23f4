import { z } from 'zod';
import { NEW_CONVERSATION_TITLE_COLOR_ID } from '../constants.js';
import { RecordType } from '../enums.js';
import { MESSAGE_REQUIRED, REPLY_REQUIRED, SUBJECT_REQUIRED } from '../messages/messaging.js';
import { id, odataPage, timestamp } from './common.js';

/** Conversations, messages and recipients (spec 1 §3 "Conversation", "Message", "Recipient"; §7 Conversations). */

/** Spec 1 §3 "Recipient". */
export const recipient = z.object({
  id,
  recipientUserId: id,
  messageId: id,
  messageReadAt: timestamp.nullable(),
  recipientName: z.string().nullable(),
});
export type Recipient = z.infer<typeof recipient>;

/** Spec 1 §3 "Message"; recipients with `$expand=Messages($expand=Recipients)`. */
export const conversationMessage = z.object({
  id,
  conversationId: id,
  message: z.string(),
  messageFromUserId: id,
  messageFromName: z.string().nullable(),
  messagedAt: timestamp,
  expiresAt: timestamp.nullable(),
  imageAttachmentPath: z.string().nullable(),
  /** Where the image is served (bearer token required). */
  imageAttachmentUrl: z.string().nullable(),
  recipients: z.array(recipient).optional(),
});
export type ConversationMessage = z.infer<typeof conversationMessage>;

/** Spec 1 §3 "Conversation"; messages and recipients when expanded. */
export const conversation = z.object({
  id,
  subject: z.string(),
  description: z.string().nullable(),
  startedByUserId: id,
  startedByName: z.string().nullable(),
  startedAt: timestamp,
  lastMessageAt: timestamp,
  /** 1 system request, 2 tech request, 3 regular. */
  classNameId: z.number().int(),
  titleColorId: z.number().int(),
  serviceVehicleId: id.nullable(),
  invoiceId: id.nullable(),
  /** The groups the conversation was addressed to. */
  messageGroups: z.array(z.object({ id, name: z.string() })),
  messages: z.array(conversationMessage).optional(),
  recipients: z.array(recipient).optional(),
});
export type Conversation = z.infer<typeof conversation>;

/** GET /api/Conversations */
export const conversations = odataPage(conversation);

/**
 * A conversation with `$expand=Messages($expand=Recipients),Recipients`, as the messaging screens read it
 * and as Start and Reply answer it.
 */
export const expandedConversation = conversation.extend({
  messages: z.array(conversationMessage.extend({ recipients: z.array(recipient) })),
  recipients: z.array(recipient),
});
export type ExpandedConversation = z.infer<typeof expandedConversation>;
export const expandedConversations = odataPage(expandedConversation);

/** POST /api/Conversations/{id}/MarkAsRead */
export const markAsReadResponse = z.object({ conversationId: id, markedRead: z.number().int() });
export type MarkAsReadResponse = z.infer<typeof markAsReadResponse>;

// Request forms (multipart/form-data: every value arrives as text; blanks mean "not given").

export const MESSAGE_MAX = 4000;
const blank = (v: unknown) => (v === '' || v === 'null' || v === 'undefined' ? undefined : v);
const optionalId = z.preprocess(
  blank,
  z.coerce.number().int().positive('Must be a positive whole number').optional(),
);
const idArray = (max: number) =>
  z.array(z.coerce.number().int().positive('Must be a positive whole number')).max(max, `At most ${max} ids`);

/** 'Invoice', 'invoices', 'ServiceVehicle', 'service-vehicles', 'Service Vehicle' → the record type name. */
function recordType(v: unknown): unknown {
  if (typeof v !== 'string' || !v.trim()) return undefined;
  const key = v
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/s$/, '');
  if (key === 'invoice') return RecordType.Invoice;
  if (key === 'servicevehicle') return RecordType.ServiceVehicle;
  return v;
}

/** POST /api/Conversations/Start form fields. */
export const startConversationForm = z
  .object({
    Subject: z
      .string()
      .trim()
      .min(1, SUBJECT_REQUIRED)
      .max(200, 'The subject can have at most 200 characters'),
    Message: z
      .string()
      .trim()
      .min(1, MESSAGE_REQUIRED)
      .max(MESSAGE_MAX, `The message can have at most ${MESSAGE_MAX} characters`),
    TitleColorId: z.preprocess(
      blank,
      z.coerce.number().int().min(0).max(99).default(NEW_CONVERSATION_TITLE_COLOR_ID),
    ),
    RecordId: optionalId,
    RecordType: z.preprocess(recordType, z.enum(RecordType, 'Must be Invoice or ServiceVehicle').optional()),
    RecipientUserIds: idArray(500),
    MessageGroupIds: idArray(50),
  })
  .superRefine((v, ctx) => {
    if (v.RecordId !== undefined && v.RecordType === undefined) {
      ctx.addIssue({ code: 'custom', path: ['RecordType'], message: 'Say which kind of record RecordId is' });
    }
    if (v.RecordType !== undefined && v.RecordId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['RecordId'], message: 'Give the id of the record' });
    }
  });

const flag = z.preprocess((v) => {
  const text = typeof v === 'string' ? v.trim().toLowerCase() : v;
  if (text === undefined || text === '') return false;
  if (['true', '1', 'on', 'yes'].includes(text as string)) return true;
  if (['false', '0', 'off', 'no'].includes(text as string)) return false;
  return v;
}, z.boolean('Must be true or false'));

/** POST /api/Conversations/{id}/Reply form fields. */
export const replyForm = z.object({
  Message: z
    .string()
    .trim()
    .min(1, REPLY_REQUIRED)
    .max(MESSAGE_MAX, `The reply can have at most ${MESSAGE_MAX} characters`),
  ReplyToAll: flag,
});
