import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, facilities, ts, updatedAt, users } from './core.js';
import { pk } from './columns.js';
import { invoices } from './invoices.js';
import { loanerCars } from './loaners.js';
import { appointmentStatuses, customerWaitingOptions, partTypes } from './lookups.js';

/**
 * What is scheduled for one invoice and part type (the "Appointment schedule save" form):
 * where, whom to contact, installer, loaner car, instructions. One per invoice + part type;
 * its visits (first booking, reschedules) are rows of `appointments`.
 */
export const appointmentSchedules = pgTable(
  'appointment_schedules',
  {
    id: pk(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    partTypeId: integer('part_type_id')
      .notNull()
      .references(() => partTypes.id),
    installerId: integer('installer_id').references(() => users.id),
    serviceAddress: text('service_address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    phone1: text('phone1'),
    phone1AllowText: boolean('phone1_allow_text').notNull().default(false),
    phone2: text('phone2'),
    phone2AllowText: boolean('phone2_allow_text').notNull().default(false),
    email: text('email'),
    allowEmail: boolean('allow_email').notNull().default(false),
    /** True for a mobile (on-site) appointment, false for in-shop. */
    serviceAppointment: boolean('service_appointment').notNull().default(false),
    /** Minutes the job is expected to take. */
    timeAllowed: integer('time_allowed').notNull().default(60),
    loanerCarId: integer('loaner_car_id').references(() => loanerCars.id),
    expectedReturnTime: ts('expected_return_time'),
    customerIsWaiting: boolean('customer_is_waiting').notNull().default(false),
    customerWaitingOptionId: integer('customer_waiting_option_id').references(
      () => customerWaitingOptions.id,
    ),
    instructions: text('instructions'),
    scheduleInstructions: text('schedule_instructions'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('appointment_schedules_invoice_part_uq').on(t.invoiceId, t.partTypeId),
    index('appointment_schedules_installer_idx').on(t.installerId),
    index('appointment_schedules_loaner_idx').on(t.loanerCarId),
  ],
);

/**
 * One booked visit. eta/ata = estimated/actual arrival, etc/atc = estimated/actual completion.
 * invoiceId, partTypeId, facilityId and installerId are copied from the schedule so the
 * calendar, "mine" and facility lists are single-table range scans.
 * The confirmed / customer waiting / reviewed marks live on the current visit.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: pk(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => appointmentSchedules.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    partTypeId: integer('part_type_id')
      .notNull()
      .references(() => partTypes.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    installerId: integer('installer_id').references(() => users.id),
    appointmentDateTime: ts('appointment_date_time').notNull(),
    scheduledTime: ts('scheduled_time'),
    eta: ts('eta'),
    ata: ts('ata'),
    etc: ts('etc'),
    atc: ts('atc'),
    statusId: integer('status_id')
      .notNull()
      .default(1)
      .references(() => appointmentStatuses.id),
    confirmedDateTime: ts('confirmed_date_time'),
    customerWaiting: boolean('customer_waiting').notNull().default(false),
    reviewedDateTime: ts('reviewed_date_time'),
    /** Order within a day's list (route position or time); defaults to the appointment time. */
    sortDate: ts('sort_date'),
    /**
     * Copies for the calendar (migration 0024): the schedule's time_allowed and the invoice's sold_to, kept by
     * triggers; never written by the application.
     */
    timeAllowed: integer('time_allowed').notNull().default(60),
    customerName: text('customer_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('appointments_date_idx').on(t.appointmentDateTime),
    index('appointments_installer_idx').on(t.installerId, t.appointmentDateTime),
    index('appointments_facility_idx').on(t.facilityId, t.appointmentDateTime),
    // Reports (migration 0021): installers' visits, arrivals and re-schedules of a facility's local range.
    index('appointments_report_idx').on(
      t.facilityId,
      t.appointmentDateTime,
      t.installerId,
      t.statusId,
      t.scheduledTime,
      t.ata,
    ),
    index('appointments_invoice_idx').on(t.invoiceId, t.partTypeId),
    index('appointments_schedule_idx').on(t.scheduleId),
  ],
);

/**
 * Counters of change for the appointment answers kept per process (migration 0026, decision 0013): one per
 * facility, raised by every statement that writes its visits or their schedules; row 0 by what every facility's
 * answers show (installers, part types, statuses, names, time zones). Kept by triggers.
 */
export const appointmentVersions = pgTable('appointment_versions', {
  facilityId: integer('facility_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

/**
 * The facilities whose counters a transaction will raise at its commit (migration 0039): noted by the statements
 * that write visits, consumed by a deferred trigger, so that a counter row is locked for the commit alone.
 * Empty outside a transaction in flight.
 */
export const appointmentVersionRaises = pgTable(
  'appointment_version_raises',
  {
    tx: bigint('tx', { mode: 'number' }).notNull().default(sql`txid_current()`),
    facilityId: integer('facility_id').notNull(),
  },
  (t) => [index('appointment_version_raises_tx_idx').on(t.tx)],
);
