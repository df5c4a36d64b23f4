import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, facilities, ts, updatedAt, users } from './core.js';
import { money, pk } from './columns.js';
import { customers } from './customers.js';
import { lostReasons } from './lookups.js';
import { insuranceCompanies } from './partners.js';
import { serviceVehicles } from './service-vehicles.js';

const staff = (name: string) => integer(name).references(() => users.id);
const flag = (name: string) => boolean(name).notNull().default(false);

/**
 * Invoices: one repair or replacement job. The vehicle is inline (as on service vehicles).
 * A few list-view values are copied here so the 250-row list needs no per-row joins on big
 * tables: sold_to and customer_phone (from the buyer/customer), ro_number (from the service
 * vehicle's repair order) and notes_count. Services keep them in step when those change.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: pk(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    customerId: integer('customer_id').references(() => customers.id),
    buyerId: integer('buyer_id').references(() => customers.id),
    /** Payment types: 0 Pending, 1 Ins, 2 Credit, 4 Cash, 5 Repair Order, 6 Check, 7 Refused, 8 Complimentary. */
    paymentTypeId: smallint('payment_type_id').notNull().default(0),
    /** The clearing house is reached through the insurer (insurance_companies.clearing_house_id). */
    insuranceCompanyId: integer('insurance_company_id').references(() => insuranceCompanies.id),
    referenceNumber: text('reference_number'),
    claimNumber: text('claim_number'),
    policyNumber: text('policy_number'),
    lossDateTime: ts('loss_date_time'),
    languageId: smallint('language_id').notNull().default(1),
    advertisementSourceNotes: text('advertisement_source_notes'),
    administratorId: staff('administrator_id'),
    leadTechnicianId: staff('lead_technician_id'),
    repairTechnicianId: staff('repair_technician_id'),
    autoGlassAssociateId: staff('auto_glass_associate_id'),
    adminAssistantId: staff('admin_assistant_id'),
    createdById: staff('created_by_id'),
    // Status flags.
    initiated: flag('initiated'),
    pending: flag('pending'),
    confirmed: flag('confirmed'),
    completed: flag('completed'),
    repairCompleted: flag('repair_completed'),
    scheduled: flag('scheduled'),
    signed: flag('signed'),
    flagged: flag('flagged'),
    void: flag('void'),
    snailMail: flag('snail_mail'),
    inspection: flag('inspection'),
    lost: flag('lost'),
    lostReasonId: integer('lost_reason_id').references(() => lostReasons.id),
    submitted: flag('submitted'),
    submittedAt: ts('submitted_at'),
    funded: flag('funded'),
    fundedAt: ts('funded_at'),
    /** Who marked it funded on the reconcile screen (migration 0015); null for funding before that. */
    fundedById: staff('funded_by_id'),
    finalized: flag('finalized'),
    finalizedAt: ts('finalized_at'),
    followedUp: flag('followed_up'),
    repairApproved: flag('repair_approved'),
    hasVerbalSignature: flag('has_verbal_signature'),
    replacement: flag('replacement'),
    // Dates and money.
    openDateTime: ts('open_date_time').notNull().defaultNow(),
    actionDate: ts('action_date'),
    workCompletedAt: ts('work_completed_at'),
    totalCost: money('total_cost').notNull().default('0'),
    laborCost: money('labor_cost').notNull().default('0'),
    partsCost: money('parts_cost').notNull().default('0'),
    taxCost: money('tax_cost').notNull().default('0'),
    deductibleAmount: money('deductible_amount'),
    deductiblePaymentTypeId: smallint('deductible_payment_type_id'),
    depositAmount: money('deposit_amount'),
    depositPaymentTypeId: smallint('deposit_payment_type_id'),
    followUpAt: ts('follow_up_at'),
    followUpById: staff('follow_up_by_id'),
    followUpForId: staff('follow_up_for_id'),
    windshieldNotes: text('windshield_notes'),
    thumb: smallint('thumb').notNull().default(0),
    windshieldChecked: flag('windshield_checked'),
    repairCount: smallint('repair_count').notNull().default(0),
    // Vehicle (inline).
    vehicleYear: smallint('vehicle_year'),
    vehicleMake: text('vehicle_make'),
    vehicleModel: text('vehicle_model'),
    vin: text('vin'),
    mileage: integer('mileage'),
    licensePlate: text('license_plate'),
    licenseState: text('license_state'),
    serviceTag: text('service_tag'),
    topper: text('topper'),
    serviceVehicleId: integer('service_vehicle_id').references((): AnyPgColumn => serviceVehicles.id),
    signaturePath: text('signature_path'),
    // Where mobile work is done.
    serviceAddressLine1: text('service_address_line1'),
    serviceCity: text('service_city'),
    serviceState: text('service_state'),
    serviceZip: text('service_zip'),
    serviceLatitude: doublePrecision('service_latitude'),
    serviceLongitude: doublePrecision('service_longitude'),
    // Denormalized for the list view (see above).
    soldTo: text('sold_to'),
    customerPhone: text('customer_phone'),
    customerPhoneRev: text('customer_phone_rev').generatedAlwaysAs(
      (): SQL => sql`reverse(${invoices.customerPhone})`,
    ),
    roNumber: text('ro_number'),
    notesCount: integer('notes_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    /*
     * The list: a window on open_date_time, ORDER BY lost, follow_up_at NULLS FIRST, open_date_time DESC, top 250.
     * open_date_time alone serves the window filter, its count(*) and the reconcile range.
     * The composite matches the sort exactly, so PostgreSQL reads it in order, checks the window
     * on the index tuples and stops after 250 matches instead of sorting the whole window
     * (PERFORMANCE.md: the 30-day default is the expensive case). Measured on the 1 M seed:
     * 30-day window 7 ms with it, 170 ms with (open_date_time) alone. Old or narrow windows
     * still go through (open_date_time); the planner picks per query.
     */
    index('invoices_open_date_time_idx').on(t.openDateTime),
    // Nulls as OData sorts them (odata/README.md): follow_up_at ASC NULLS FIRST; open_date_time is NOT NULL
    // and sorted DESC without a NULLS clause, which is DESC NULLS FIRST (migration 0007).
    // Ending in the key (migration 0025): a page's keys are an index-only range in list order, no sort.
    index('invoices_list_order_idx').on(
      t.lost,
      t.followUpAt.asc().nullsFirst(),
      t.openDateTime.desc().nullsFirst(),
      t.id,
    ),
    // The same order within a facility (a facility's window, migration 0025).
    index('invoices_list_facility_order_idx').on(
      t.facilityId,
      t.lost,
      t.followUpAt.asc().nullsFirst(),
      t.openDateTime.desc().nullsFirst(),
      t.id,
    ),
    index('invoices_facility_idx').on(t.facilityId, t.openDateTime),
    // Reports (migration 0021): a facility's local range with every column Sales, Technicians and Receivables read.
    index('invoices_report_idx').on(
      t.facilityId,
      t.openDateTime,
      t.void,
      t.lost,
      t.replacement,
      t.completed,
      t.funded,
      t.totalCost,
      t.leadTechnicianId,
      t.insuranceCompanyId,
    ),
    index('invoices_lead_tech_idx').on(t.leadTechnicianId, t.openDateTime),
    index('invoices_payment_type_idx').on(t.paymentTypeId, t.openDateTime),
    index('invoices_insurer_idx').on(t.insuranceCompanyId, t.openDateTime),
    index('invoices_customer_idx').on(t.customerId),
    index('invoices_buyer_idx').on(t.buyerId),
    // Latest invoice of a service vehicle: ORDER BY open_date_time DESC LIMIT 1.
    index('invoices_service_vehicle_idx').on(t.serviceVehicleId, t.openDateTime.desc()),
    index('invoices_reference_number_idx').on(t.referenceNumber),
    index('invoices_claim_number_idx').on(t.claimNumber),
    index('invoices_license_plate_idx').on(t.licensePlate),
    index('invoices_ro_number_idx').on(t.roNumber, t.facilityId),
    index('invoices_vin_idx').on(t.vin),
    index('invoices_customer_phone_rev_idx').on(t.customerPhoneRev.op('text_pattern_ops')),
    // Finalizing screen: submitted, not yet finalized, oldest submission first.
    index('invoices_finalizing_idx')
      .on(t.submittedAt.asc().nullsFirst())
      .where(sql`${t.submitted} and not ${t.finalized}`),
    // Outstanding invoices: not funded (unpaid) and not void; small once the chain catches up.
    index('invoices_outstanding_idx').on(t.openDateTime).where(sql`not ${t.funded} and not ${t.void}`),
    // Reconcile (migration 0015): the count and money sums of an OpenDateTime range, and the usual filters,
    // from the index alone; total cost exact; invoice number by fragment (trigram on id::text, SQL only).
    index('invoices_reconcile_idx').on(
      t.openDateTime,
      t.facilityId,
      t.insuranceCompanyId,
      t.leadTechnicianId,
      t.paymentTypeId,
      t.finalized,
      t.totalCost,
      t.laborCost,
      t.partsCost,
      t.taxCost,
    ),
    index('invoices_total_cost_idx').on(t.totalCost, t.openDateTime),
    // Follow-up alerts: open follow-ups per user by due time.
    index('invoices_follow_up_idx')
      .on(t.followUpForId, t.followUpAt)
      .where(sql`${t.followUpAt} is not null and not ${t.followedUp}`),
    // The Control Room's follow-ups due at one facility (migration 0022).
    index('invoices_board_follow_up_idx')
      .on(t.facilityId, t.followUpAt)
      .where(sql`${t.followUpAt} is not null and not ${t.followedUp} and not ${t.void}`),
  ],
);

/**
 * The invoice list's search copy (migration 0028): the columns its fragment searches filter and sort on, under the
 * same names, 130 MB for a million invoices instead of 343. The OData engine counts and orders a fragment search's
 * matches here (odata/README.md "Search copy"). Triggers on invoices keep it: never write it directly.
 */
export const invoiceSearch = pgTable('invoice_search', {
  id: integer('id').primaryKey(),
  facilityId: integer('facility_id').notNull(),
  lost: boolean('lost').notNull(),
  followUpAt: ts('follow_up_at'),
  openDateTime: ts('open_date_time').notNull(),
  vin: text('vin'),
  soldTo: text('sold_to'),
  referenceNumber: text('reference_number'),
  claimNumber: text('claim_number'),
  roNumber: text('ro_number'),
  customerPhone: text('customer_phone'),
  licensePlate: text('license_plate'),
  serviceTag: text('service_tag'),
  serviceAddressLine1: text('service_address_line1'),
  serviceCity: text('service_city'),
  serviceZip: text('service_zip'),
  vehicleYear: smallint('vehicle_year'),
  vehicleMake: text('vehicle_make'),
  vehicleModel: text('vehicle_model'),
  // Migration 0029: the flags the list's header counts (GET /api/Invoices/summary).
  submitted: flag('submitted'),
  signed: flag('signed'),
  replacement: flag('replacement'),
});

/**
 * The invoice list's counts by customer name (migration 0029): in `n`, how many invoices of the search copy a
 * statement added (or, negative, removed) with that sold_to (null included). A name may have several rows, which
 * add up; invoice_sold_to_counts_compact() (a job every minute) sums them into one. The OData engine counts a
 * filter on the name alone here (odata/README.md "Value counts"). Triggers on the copy keep it: never write it
 * directly.
 */
export const invoiceSoldToCounts = pgTable('invoice_sold_to_counts', {
  soldTo: text('sold_to'),
  n: integer('n').notNull(),
  // Of those, the submitted, signed and replacement ones (the list's header counts).
  nSubmitted: integer('n_submitted').notNull().default(0),
  nSigned: integer('n_signed').notNull().default(0),
  nReplacement: integer('n_replacement').notNull().default(0),
  fresh: boolean('fresh').notNull().default(true),
});
