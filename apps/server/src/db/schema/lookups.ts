import { boolean, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './core.js';
import { money, pk } from './columns.js';

// Small pick lists the session start-up load and the forms read whole. Ids are explicit
// in the seed because the front end and reports refer to some of them by number.

const pickList = (table: string) =>
  pgTable(
    table,
    {
      id: pk(),
      name: text('name').notNull(),
      sortOrder: integer('sort_order').notNull().default(0),
      isActive: boolean('is_active').notNull().default(true),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [uniqueIndex(`${table}_name_uq`).on(t.name)],
  );

/** Service vehicle disposition reasons (last call outcome), GET/PUT Dispositions. */
export const dispositions = pickList('dispositions');
/** Why a service vehicle or invoice was lost. */
export const lostReasons = pickList('lost_reasons');
/** Customer waiting options offered when scheduling. */
export const customerWaitingOptions = pickList('customer_waiting_options');
/** Consumables an installer reports on an appointment status update. */
export const materials = pickList('materials');
/** Replacement part lifecycle (needed, ordered, received …). */
export const replacementPartStatuses = pickList('replacement_part_statuses');
/** Appointment status: 1 Scheduled, 2 Arrived, 3 Completed, 4 ReSchedule, 5 Cancelled. */
export const appointmentStatuses = pickList('appointment_statuses');
/** Glass grade on a quick quote (OEM, OEE, aftermarket). */
export const partGrades = pickList('part_grades');

/** Part types: 1 is a chip repair, the others are replacement glass; appointments are per invoice + part type. */
export const partTypes = pgTable(
  'part_types',
  {
    id: pk(),
    name: text('name').notNull(),
    isReplacement: boolean('is_replacement').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('part_types_name_uq').on(t.name)],
);

/** Windshield accessories (rain sensor, HUD …); the list is ordered by name. */
export const windshieldAccessories = pgTable(
  'windshield_accessories',
  {
    id: pk(),
    name: text('name').notNull(),
    description: text('description'),
    partNumber: text('part_number'),
    price: money('price'),
    requiresCalibration: boolean('requires_calibration').notNull().default(false),
    sortOrder: smallint('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('windshield_accessories_name_uq').on(t.name)],
);
