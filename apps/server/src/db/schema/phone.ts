import { boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, facilities, ts, updatedAt, users } from './core.js';
import { pk } from './columns.js';
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
  },
  (t) => [
    index('call_logs_employee_idx').on(t.employeeId, t.startedAt),
    index('call_logs_started_at_idx').on(t.startedAt),
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
