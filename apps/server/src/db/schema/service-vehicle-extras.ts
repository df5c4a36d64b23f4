import { boolean, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt, users } from './core.js';
import { money, pk } from './columns.js';
import { activityLogs } from './activity.js';
import { invoices } from './invoices.js';
import { partGrades, partTypes } from './lookups.js';
import { serviceVehicles } from './service-vehicles.js';

/** History of a service vehicle; isContact entries are customer contacts (calls, texts). */
export const serviceVehicleHistory = pgTable(
  'service_vehicle_history',
  {
    id: pk(),
    serviceVehicleId: integer('service_vehicle_id')
      .notNull()
      .references(() => serviceVehicles.id, { onDelete: 'cascade' }),
    activityDate: ts('activity_date').notNull().defaultNow(),
    activity: text('activity').notNull(),
    userId: integer('user_id').references(() => users.id),
    details: text('details'),
    activityLogId: integer('activity_log_id').references(() => activityLogs.id),
    isContact: boolean('is_contact').notNull().default(false),
  },
  (t) => [index('service_vehicle_history_sv_idx').on(t.serviceVehicleId, t.activityDate)],
);

/**
 * Quick quotes: two side-by-side glass quotes for a service vehicle (quote1 / quote2),
 * flattened into one row since the screen always edits both.
 */
export const quickQuotes = pgTable(
  'quick_quotes',
  {
    id: pk(),
    serviceVehicleId: integer('service_vehicle_id')
      .notNull()
      .references(() => serviceVehicles.id, { onDelete: 'cascade' }),
    quotedAt: ts('quoted_at').notNull().defaultNow(),
    quotedById: integer('quoted_by_id').references(() => users.id),
    quote1InvoiceId: integer('quote1_invoice_id').references(() => invoices.id),
    quote1Cog: money('quote1_cog'),
    quote1PartNumber: text('quote1_part_number'),
    quote1PartTypeId: integer('quote1_part_type_id').references(() => partTypes.id),
    quote1Quoted: money('quote1_quoted'),
    quote1GradeId: integer('quote1_grade_id').references(() => partGrades.id),
    quote1Manufacturer: text('quote1_manufacturer'),
    quote2InvoiceId: integer('quote2_invoice_id').references(() => invoices.id),
    quote2Cog: money('quote2_cog'),
    quote2PartNumber: text('quote2_part_number'),
    quote2PartTypeId: integer('quote2_part_type_id').references(() => partTypes.id),
    quote2Quoted: money('quote2_quoted'),
    quote2GradeId: integer('quote2_grade_id').references(() => partGrades.id),
    quote2Manufacturer: text('quote2_manufacturer'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('quick_quotes_sv_idx').on(t.serviceVehicleId, t.quotedAt)],
);

/** VIN decodes, kept per service vehicle for the VIN history panel. */
export const vinLookups = pgTable(
  'vin_lookups',
  {
    id: pk(),
    vin: text('vin').notNull(),
    serviceVehicleId: integer('service_vehicle_id').references(() => serviceVehicles.id, {
      onDelete: 'cascade',
    }),
    userId: integer('user_id').references(() => users.id),
    lookedUpAt: ts('looked_up_at').notNull().defaultNow(),
    source: text('source').notNull().default('decoder'),
    year: smallint('year'),
    make: text('make'),
    model: text('model'),
    bodyStyle: text('body_style'),
    /** Raw decoder answer (JSON text) for fields the screen does not show yet. */
    result: text('result'),
  },
  (t) => [
    index('vin_lookups_sv_idx').on(t.serviceVehicleId, t.lookedUpAt),
    index('vin_lookups_vin_idx').on(t.vin),
  ],
);
