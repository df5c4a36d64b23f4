import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt, users } from './core.js';
import { pk } from './columns.js';
import { invoices } from './invoices.js';
import { serviceVehicles } from './service-vehicles.js';

/** Message groups (ids 1..8; id 6 is a system group excluded from every user-facing list). */
export const messageGroups = pgTable(
  'message_groups',
  {
    id: pk(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('message_groups_name_uq').on(t.name)],
);

export const messageGroupMembers = pgTable(
  'message_group_members',
  {
    messageGroupId: integer('message_group_id')
      .notNull()
      .references(() => messageGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'message_group_members_pk', columns: [t.messageGroupId, t.userId] }),
    index('message_group_members_user_idx').on(t.userId),
  ],
);

/** A user's alert settings per group: Never (always=false) or Always, on duty only, by SMS. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: pk(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageGroupId: integer('message_group_id')
      .notNull()
      .references(() => messageGroups.id, { onDelete: 'cascade' }),
    always: boolean('always').notNull().default(false),
    onDuty: boolean('on_duty').notNull().default(true),
    useSms: boolean('use_sms').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_group_uq').on(t.userId, t.messageGroupId),
    // "Who gets this group's alerts": always-subscribers of a group.
    index('subscriptions_group_idx').on(t.messageGroupId).where(sql`${t.always}`),
  ],
);

/** classNameId: 1 system request, 2 tech request, 3 regular. */
export const conversations = pgTable(
  'conversations',
  {
    id: pk(),
    subject: text('subject').notNull(),
    description: text('description'),
    startedByUserId: integer('started_by_user_id')
      .notNull()
      .references(() => users.id),
    startedAt: ts('started_at').notNull().defaultNow(),
    /** Time of the newest message, so "today's conversations" is a range scan. */
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
    classNameId: smallint('class_name_id').notNull().default(3),
    titleColorId: smallint('title_color_id').notNull().default(3),
    serviceVehicleId: integer('service_vehicle_id').references(() => serviceVehicles.id, {
      onDelete: 'set null',
    }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('conversations_last_message_idx').on(t.lastMessageAt),
    index('conversations_started_by_idx').on(t.startedByUserId, t.startedAt),
    index('conversations_sv_idx').on(t.serviceVehicleId),
    // My Requests: every tech request (class 2) about a service vehicle, with what the list reads, index-only.
    index('conversations_sv_requests_idx')
      .on(t.serviceVehicleId, t.lastMessageAt, t.startedByUserId, t.id)
      .where(sql`${t.classNameId} = 2 and ${t.serviceVehicleId} is not null`),
    index('conversations_invoice_idx').on(t.invoiceId),
  ],
);

/** Groups a conversation was addressed to (for reply-to-all and the "To" line). */
export const conversationMessageGroups = pgTable(
  'conversation_message_groups',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    messageGroupId: integer('message_group_id')
      .notNull()
      .references(() => messageGroups.id),
  },
  (t) => [
    primaryKey({ name: 'conversation_message_groups_pk', columns: [t.conversationId, t.messageGroupId] }),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: pk(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    messageFromUserId: integer('message_from_user_id')
      .notNull()
      .references(() => users.id),
    messagedAt: ts('messaged_at').notNull().defaultNow(),
    expiresAt: ts('expires_at'),
    imageAttachmentPath: text('image_attachment_path'),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.messagedAt),
    index('messages_from_user_idx').on(t.messageFromUserId, t.messagedAt),
    index('messages_messaged_at_idx').on(t.messagedAt),
  ],
);

/** One row per message and recipient; messageReadAt null = unread. */
export const recipients = pgTable(
  'recipients',
  {
    id: pk(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    recipientUserId: integer('recipient_user_id')
      .notNull()
      .references(() => users.id),
    /** The message's conversation, kept here so "conversations a user received" is one index range. */
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    messageReadAt: ts('message_read_at'),
  },
  (t) => [
    uniqueIndex('recipients_message_user_uq').on(t.messageId, t.recipientUserId),
    index('recipients_user_idx').on(t.recipientUserId, t.messageId),
    // My Requests: the conversations a user received a message in (and those unread), index-only.
    index('recipients_user_conversation_idx').on(t.recipientUserId, t.conversationId, t.messageReadAt),
    index('recipients_unread_idx').on(t.recipientUserId).where(sql`${t.messageReadAt} is null`),
  ],
);
