import { type SQL, sql } from 'drizzle-orm';
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
import { money, pk } from './columns.js';
import { customers } from './customers.js';
import { invoices } from './invoices.js';
import { dispositions, lostReasons } from './lookups.js';
import { priorityClassSql } from '../priority-class-sql.js';

/**
 * A service vehicle: a dealer's or customer's car in the pipeline for chip repair or replacement.
 * The vehicle and its dealer repair order are 1:1 with the record, so they are inline columns
 * (no joins for the list rows). repairCount: 1-3 repairs, 4 replacement, 0 pending/cleared.
 */
export const serviceVehicles = pgTable(
  'service_vehicles',
  {
    id: pk(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    customerId: integer('customer_id').references(() => customers.id),
    /** Payment types: 0 Pending, 1 Ins, 2 Credit, 4 Cash, 5 Repair Order, 6 Check, 7 Refused, 8 Complimentary. */
    paymentTypeId: smallint('payment_type_id').notNull().default(0),
    followedUp: boolean('followed_up').notNull().default(false),
    followUpDate: ts('follow_up_date'),
    readyForParts: boolean('ready_for_parts').notNull().default(false),
    readyToCall: boolean('ready_to_call').notNull().default(false),
    readyToSchedule: boolean('ready_to_schedule').notNull().default(false),
    okToCall: boolean('ok_to_call').notNull().default(false),
    /** Last customer contact (a history entry with isContact); drives priority 1-4 (spec 1 §4). */
    lastContactAt: ts('last_contact_at'),
    internal: boolean('internal').notNull().default(false),
    createdById: integer('created_by_id').references(() => users.id),
    leadTechnicianId: integer('lead_technician_id').references(() => users.id),
    inspectedAt: ts('inspected_at'),
    promisedDateTime: ts('promised_date_time'),
    /** The current invoice made from this vehicle (invoices.service_vehicle_id points back). */
    invoiceId: integer('invoice_id').references((): AnyPgColumn => invoices.id),
    /**
     * The state of that invoice, kept by the database (migration 0023: triggers on both tables): completed,
     * and funded, each when the invoice is not void. Read by the Pipeline report; never written by the app.
     */
    invoiceCompleted: boolean('invoice_completed').notNull().default(false),
    invoiceFunded: boolean('invoice_funded').notNull().default(false),
    serviceAdvisorName: text('service_advisor_name'),
    void: boolean('void').notNull().default(false),
    lost: boolean('lost').notNull().default(false),
    lostReasonId: integer('lost_reason_id').references(() => lostReasons.id),
    flagged: boolean('flagged').notNull().default(false),
    repairCount: smallint('repair_count').notNull().default(0),
    windshieldChecked: boolean('windshield_checked').notNull().default(false),
    windshieldNotes: text('windshield_notes'),
    replacementPartsCount: smallint('replacement_parts_count').notNull().default(0),
    /** Thumb evaluation: 1 up, -1 down, 0 none. */
    thumb: smallint('thumb').notNull().default(0),
    lastDispositionId: integer('last_disposition_id').references(() => dispositions.id),
    lastDispositionAt: ts('last_disposition_at'),
    stockNumber: text('stock_number'),
    factory: text('factory'),
    internalTotal: money('internal_total'),
    warrantyTotal: money('warranty_total'),
    customerTotal: money('customer_total'),
    repairQuoteAmount: money('repair_quote_amount'),
    replacementQuoteAmount: money('replacement_quote_amount'),
    notesCount: integer('notes_count').notNull().default(0),
    /**
     * The priority rule of spec 1 §4 without its time-dependent part (overdue follow-up), kept by PostgreSQL;
     * the lists add the overdue rule and walk the indexes below by priority (priority-sql.ts).
     */
    priorityClass: smallint('priority_class').notNull().generatedAlwaysAs(sql.raw(priorityClassSql())),
    // Vehicle (inline).
    vehicleYear: smallint('vehicle_year'),
    vehicleMake: text('vehicle_make'),
    vehicleModel: text('vehicle_model'),
    vin: text('vin'),
    /** Reversed VIN, so "last 6/8 of the VIN" is an index range scan like the phones. */
    vinRev: text('vin_rev').generatedAlwaysAs((): SQL => sql`reverse(${serviceVehicles.vin})`),
    licenseTag: text('license_tag'),
    licenseState: text('license_state'),
    serviceTag: text('service_tag'),
    topper: text('topper'),
    bodyStyle: text('body_style'),
    color: text('color'),
    mileage: integer('mileage'),
    /** Vehicle source: 1 car wash, 2 customer waiting, 3 drop-off, 4 in-house, 5 call-in, 6 DMS import, 7 express. */
    sourceId: smallint('source_id'),
    // Dealer repair order (inline). Status: -1 none, 1 Finished, 2 Hold, 3 Working.
    repairOrderNumber: text('repair_order_number'),
    roOpenedAt: ts('ro_opened_at'),
    roClosedAt: ts('ro_closed_at'),
    roStatusId: smallint('ro_status_id').notNull().default(-1),
    roStatusDescription: text('ro_status_description'),
    roTotal: money('ro_total'),
    // Uploaded images (paths in the file store).
    roImagePath: text('ro_image_path'),
    insuranceCardImagePath: text('insurance_card_image_path'),
    windshieldImagePaths: text('windshield_image_paths').array(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // ORDER BY id DESC (service drive, top 50) walks the primary key backwards: no extra index.
    index('service_vehicles_created_at_idx').on(t.createdAt),
    // The list by priority (priorityPartition in priority-sql.ts): each stored class by id, and the open
    // classes (below LostOrVoid, 8) by id for the overdue ones, which come from every open class.
    index('service_vehicles_priority_idx').on(t.priorityClass, t.id),
    index('service_vehicles_open_idx').on(t.id).where(sql`${t.priorityClass} < 8`),
    // The Control Room's counts of one facility's open vehicles by priority (migration 0022).
    index('service_vehicles_board_idx')
      .on(t.facilityId, t.priorityClass, t.createdAt, t.id, t.followUpDate, t.followedUp)
      .where(sql`${t.priorityClass} < 8 and ${t.repairCount} > 0`),
    index('service_vehicles_follow_up_date_idx').on(t.followUpDate),
    // The pipeline lists: repairCount > 0 and a date range on coalesce(followUpDate, createdAt).
    index('service_vehicles_pipeline_idx')
      .on(sql`coalesce(${t.followUpDate}, ${t.createdAt})`)
      .where(sql`${t.repairCount} > 0`),
    index('service_vehicles_facility_idx').on(t.facilityId, t.createdAt),
    // Reports (migrations 0021, 0023): the pipeline's cohort of a facility's local range, from the index alone.
    index('service_vehicles_report_idx').on(
      t.facilityId,
      t.createdAt,
      t.sourceId,
      t.lost,
      t.lostReasonId,
      t.lastDispositionId,
      t.lastContactAt,
      t.invoiceId,
      t.invoiceCompleted,
      t.invoiceFunded,
    ),
    index('service_vehicles_lead_tech_idx').on(t.leadTechnicianId, t.createdAt),
    index('service_vehicles_created_by_idx').on(t.createdById, t.createdAt),
    // My Service Vehicles (active: not invoiced, lost or void): one user's open vehicles, from each side of
    // its union, without reading every vehicle they ever created or led (bench/RESULTS.md). The indexes hold
    // every column the default list filters and sorts on, so they answer it without reading the table; the
    // facility last, for the user's facility scope (migration 0034).
    index('service_vehicles_my_created_by_idx')
      .on(t.createdById, t.priorityClass, t.followUpDate, t.createdAt, t.repairCount, t.id, t.facilityId)
      .where(sql`${t.invoiceId} is null and not ${t.lost} and not ${t.void}`),
    index('service_vehicles_my_lead_tech_idx')
      .on(t.leadTechnicianId, t.priorityClass, t.followUpDate, t.createdAt, t.repairCount, t.id, t.facilityId)
      .where(sql`${t.invoiceId} is null and not ${t.lost} and not ${t.void}`),
    index('service_vehicles_customer_idx').on(t.customerId),
    index('service_vehicles_invoice_idx').on(t.invoiceId),
    index('service_vehicles_vin_idx').on(t.vin),
    index('service_vehicles_vin_rev_idx').on(t.vinRev.op('text_pattern_ops')),
    index('service_vehicles_license_tag_idx').on(t.licenseTag),
    index('service_vehicles_service_tag_idx').on(t.serviceTag),
    index('service_vehicles_stock_number_idx').on(t.stockNumber),
    // Global search: RO number with a chosen facility, or alone.
    index('service_vehicles_ro_number_idx').on(t.repairOrderNumber, t.facilityId),
  ],
);

/** At most one lock per service vehicle. */
export const serviceVehicleLocks = pgTable(
  'service_vehicle_locks',
  {
    id: pk(),
    serviceVehicleId: integer('service_vehicle_id')
      .notNull()
      .references(() => serviceVehicles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    lockedAt: ts('locked_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('service_vehicle_locks_sv_uq').on(t.serviceVehicleId),
    index('service_vehicle_locks_user_idx').on(t.userId),
  ],
);

/** Repair lines of a service vehicle (N default lines are added when created with N repairs). */
export const serviceVehicleRepairs = pgTable(
  'service_vehicle_repairs',
  {
    id: pk(),
    serviceVehicleId: integer('service_vehicle_id')
      .notNull()
      .references(() => serviceVehicles.id, { onDelete: 'cascade' }),
    lineNumber: smallint('line_number').notNull().default(1),
    description: text('description').notNull().default(''),
    location: text('location'),
    amount: money('amount').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('service_vehicle_repairs_sv_idx').on(t.serviceVehicleId)],
);
