import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, facilities, updatedAt, users } from './core.js';
import { pk } from './columns.js';
import { appointments } from './appointments.js';
import { storedFiles } from './files.js';
import { invoices } from './invoices.js';
import { appointmentStatuses, materials, partTypes } from './lookups.js';

/** Status changes reported from the field (POST appointments/status), with where they were made. */
export const appointmentStatusUpdates = pgTable(
  'appointment_status_updates',
  {
    id: pk(),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    partTypeId: integer('part_type_id').references(() => partTypes.id),
    statusId: integer('status_id')
      .notNull()
      .references(() => appointmentStatuses.id),
    userId: integer('user_id').references(() => users.id),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('appointment_status_updates_appt_idx').on(t.appointmentId, t.createdAt),
    index('appointment_status_updates_invoice_idx').on(t.invoiceId, t.createdAt),
  ],
);

export const appointmentStatusUpdateMaterials = pgTable(
  'appointment_status_update_materials',
  {
    id: pk(),
    statusUpdateId: integer('status_update_id')
      .notNull()
      .references(() => appointmentStatusUpdates.id, { onDelete: 'cascade' }),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    quantity: numeric('quantity', { precision: 10, scale: 2 }).notNull().default('1'),
  },
  (t) => [index('appointment_status_update_materials_update_idx').on(t.statusUpdateId)],
);

export const appointmentStatusUpdateFiles = pgTable(
  'appointment_status_update_files',
  {
    id: pk(),
    statusUpdateId: integer('status_update_id')
      .notNull()
      .references(() => appointmentStatusUpdates.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').references(() => storedFiles.id),
    path: text('path').notNull(),
  },
  (t) => [index('appointment_status_update_files_update_idx').on(t.statusUpdateId)],
);

/** An installer's route for a day (POST /route and /facility/route). */
export const installerRoutes = pgTable(
  'installer_routes',
  {
    id: pk(),
    installerId: integer('installer_id')
      .notNull()
      .references(() => users.id),
    facilityId: integer('facility_id').references(() => facilities.id),
    routeDate: date('route_date', { mode: 'string' }).notNull(),
    autoUpdate: boolean('auto_update').notNull().default(false),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    currentStatus: text('current_status'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('installer_routes_installer_date_uq').on(t.installerId, t.routeDate),
    index('installer_routes_facility_idx').on(t.facilityId, t.routeDate),
  ],
);

/** Ordered stops of a route (appointmentIds in the order given). */
export const installerRouteStops = pgTable(
  'installer_route_stops',
  {
    id: pk(),
    routeId: integer('route_id')
      .notNull()
      .references(() => installerRoutes.id, { onDelete: 'cascade' }),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    stopOrder: smallint('stop_order').notNull(),
  },
  (t) => [
    uniqueIndex('installer_route_stops_uq').on(t.routeId, t.appointmentId),
    index('installer_route_stops_appt_idx').on(t.appointmentId),
  ],
);

/**
 * Idempotency keys of the status call (migration 0020): a client-generated key per user points at the
 * update its first call made, so the same call sent again (an offline queue replaying) changes nothing.
 */
export const appointmentStatusRequests = pgTable(
  'appointment_status_requests',
  {
    id: pk(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    clientKey: text('client_key').notNull(),
    statusUpdateId: integer('status_update_id')
      .notNull()
      .references(() => appointmentStatusUpdates.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('appointment_status_requests_key_uq').on(t.userId, t.clientKey)],
);
