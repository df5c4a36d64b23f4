import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, facilities, ts, updatedAt, users } from './core.js';
import { pk } from './columns.js';
import { customers } from './customers.js';
import { dispositions } from './lookups.js';
import { invoices } from './invoices.js';
import { serviceVehicles } from './service-vehicles.js';

/**
 * Phone extensions. uriTemplate is what the phone bridge opens, e.g. `tel:{destinationPhone}` or
 * `sip:{destinationPhone}@pbx.example.com`; getRequestUri fills it in.
 */
export const phoneExtensions = pgTable(
  'phone_extensions',
  {
    id: pk(),
    name: text('name').notNull(),
    userId: integer('user_id').references(() => users.id),
    facilityId: integer('facility_id').references(() => facilities.id),
    extension: text('extension').notNull(),
    uriTemplate: text('uri_template').notNull().default('tel:{destinationPhone}'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('phone_extensions_name_idx').on(t.name), index('phone_extensions_user_idx').on(t.userId)],
);

/** Calls made or received by employees (callLog {employeeId, startDate, endDate}). */
export const callLogs = pgTable(
  'call_logs',
  {
    id: pk(),
    employeeId: integer('employee_id').references(() => users.id),
    facilityId: integer('facility_id').references(() => facilities.id),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    fromPhone: text('from_phone'),
    toPhone: text('to_phone'),
    startedAt: ts('started_at').notNull(),
    answeredAt: ts('answered_at'),
    endedAt: ts('ended_at'),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    /** 1 answered, 2 missed, 3 voicemail, 4 busy. */
    resultId: smallint('result_id').notNull().default(1),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    serviceVehicleId: integer('service_vehicle_id').references(() => serviceVehicles.id, {
      onDelete: 'set null',
    }),
    /** The PBX's own id of the call: a record sent twice is stored once (migration 0017, issue #22). */
    pbxCallId: text('pbx_call_id'),
    /** The extension the PBX says the call was made or taken on. */
    extension: text('extension'),
    /** The other party's digits (the last 10): the call-back check compares them. */
    partyDigits: text('party_digits'),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** 'pbx' (sent by the phone system) or 'agent' (an outcome recorded before the PBX's record came). */
    source: text('source', { enum: ['pbx', 'agent'] })
      .notNull()
      .default('pbx'),
    /** The outcome an agent recorded for the call (Call Manager). */
    dispositionId: integer('disposition_id').references(() => dispositions.id),
    notes: text('notes'),
    outcomeAt: ts('outcome_at'),
    callQueryId: integer('call_query_id').references((): AnyPgColumn => callQueries.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('call_logs_employee_idx').on(t.employeeId, t.startedAt),
    index('call_logs_started_at_idx').on(t.startedAt),
    uniqueIndex('call_logs_pbx_call_id_uq').on(t.pbxCallId).where(sql`${t.pbxCallId} is not null`),
    index('call_logs_party_idx').on(t.partyDigits, t.startedAt),
  ],
);

/** Categories of saved call-centre queries (GET CallQueryCategories, /{name}/queries). */
export const callQueryCategories = pgTable(
  'call_query_categories',
  {
    id: pk(),
    name: text('name').notNull(),
    description: text('description'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('call_query_categories_name_uq').on(t.name)],
);

/** Saved queries; userId null = shared in the category, set = that user's "my" query. */
export const callQueries = pgTable(
  'call_queries',
  {
    id: pk(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => callQueryCategories.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The list filter the query stands for (OData $filter text). */
    filter: text('filter').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('call_queries_category_idx').on(t.categoryId, t.userId),
    index('call_queries_user_idx').on(t.userId),
  ],
);
