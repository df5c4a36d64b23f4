import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, facilities, ts, updatedAt, users } from './core.js';
import { pk } from './columns.js';
import { attributeNames } from './settings.js';

/**
 * Service writers (dealer service advisors) working a facility's service drive. Usually dealer
 * staff known only by name, so userId is optional.
 */
export const facilityServiceWriters = pgTable(
  'facility_service_writers',
  {
    id: pk(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    userId: integer('user_id').references(() => users.id),
    email: text('email'),
    phone: text('phone'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('facility_service_writers_name_uq').on(t.facilityId, t.name)],
);

/** Vehicles through the service drive per period, for conversion reports. */
export const facilityTrafficCounts = pgTable(
  'facility_traffic_counts',
  {
    id: pk(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    trafficDateTime: ts('traffic_date_time').notNull(),
    trafficCount: integer('traffic_count').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('facility_traffic_counts_uq').on(t.facilityId, t.trafficDateTime)],
);

/** Facility attributes saved with the facility form (nameId + value, value defaults to ''). */
export const facilityAttributes = pgTable(
  'facility_attributes',
  {
    id: pk(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    attributeNameId: integer('attribute_name_id')
      .notNull()
      .references(() => attributeNames.id),
    value: text('value').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('facility_attributes_uq').on(t.facilityId, t.attributeNameId),
    index('facility_attributes_name_idx').on(t.attributeNameId),
  ],
);
