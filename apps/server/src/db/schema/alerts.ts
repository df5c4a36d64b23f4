import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { facilities, ts, users } from './core.js';
import { pk } from './columns.js';
import { invoices } from './invoices.js';
import { conversations, messageGroups } from './messaging.js';
import { serviceVehicles } from './service-vehicles.js';

/**
 * Items parked on a numbered line (1..option 36) for a user or a message group.
 * A record is parked at most once; "remove" deletes the row.
 */
export const parkedItems = pgTable(
  'parked_items',
  {
    id: pk(),
    parkLine: smallint('park_line').notNull(),
    parkedAt: ts('parked_at').notNull().defaultNow(),
    parkedByUserId: integer('parked_by_user_id')
      .notNull()
      .references(() => users.id),
    parkedForUserId: integer('parked_for_user_id').references(() => users.id),
    parkedForMessageGroupId: integer('parked_for_message_group_id').references(() => messageGroups.id),
    serviceVehicleId: integer('service_vehicle_id').references(() => serviceVehicles.id, {
      onDelete: 'cascade',
    }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('parked_items_invoice_uq').on(t.invoiceId),
    uniqueIndex('parked_items_sv_uq').on(t.serviceVehicleId),
    index('parked_items_line_idx').on(t.parkLine),
    index('parked_items_for_user_idx').on(t.parkedForUserId),
    index('parked_items_for_group_idx').on(t.parkedForMessageGroupId),
    check('parked_items_one_record', sql`num_nonnulls(${t.serviceVehicleId}, ${t.invoiceId}) = 1`),
  ],
);

/**
 * Alerts pushed to one user. Types: NewMessage, DealerWarranty, FollowUp, ParkedForMe, Consume,
 * ParkedUpdate. Consuming sets consumedAt; pending alerts are those with consumedAt null.
 * Names (sender, parked by/for, facility) are captured at creation, as the hub sends them.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: pk(),
    type: text('type', {
      enum: ['NewMessage', 'DealerWarranty', 'FollowUp', 'ParkedForMe', 'Consume', 'ParkedUpdate'],
    }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderName: text('sender_name'),
    recordId: integer('record_id'),
    recordType: text('record_type'),
    facilityId: integer('facility_id').references(() => facilities.id),
    conversationId: integer('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    parkedItemId: integer('parked_item_id').references(() => parkedItems.id, { onDelete: 'set null' }),
    parkedAt: ts('parked_at'),
    parkedBy: text('parked_by'),
    parkedFor: text('parked_for'),
    alertIdToConsume: integer('alert_id_to_consume').references((): AnyPgColumn => alerts.id, {
      onDelete: 'set null',
    }),
    followUpFor: text('follow_up_for'),
    followUpForId: integer('follow_up_for_id').references(() => users.id),
    isMessageGroup: boolean('is_message_group').notNull().default(false),
    messageGroupId: integer('message_group_id').references(() => messageGroups.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    index('alerts_pending_idx').on(t.userId, t.createdAt).where(sql`${t.consumedAt} is null`),
    index('alerts_user_idx').on(t.userId, t.createdAt),
    index('alerts_record_idx').on(t.recordType, t.recordId),
    index('alerts_conversation_idx').on(t.conversationId),
    index('alerts_parked_item_idx').on(t.parkedItemId),
    // The Control Room's latest alerts of a facility (migration 0022).
    index('alerts_facility_idx').on(t.facilityId, t.createdAt),
  ],
);
