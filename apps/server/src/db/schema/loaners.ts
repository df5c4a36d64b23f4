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
import { brands, createdAt, facilities, ts, updatedAt, users } from './core.js';
import { money, pk } from './columns.js';
import { appointmentSchedules } from './appointments.js';
import { customers } from './customers.js';
import { invoices } from './invoices.js';
import { insuranceCompanies } from './partners.js';

export const loanerCarTypes = pgTable(
  'loaner_car_types',
  {
    id: pk(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('loaner_car_types_name_uq').on(t.name)],
);

/** The loaner fleet of each facility. */
export const loanerCars = pgTable(
  'loaner_cars',
  {
    id: pk(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    loanerCarTypeId: integer('loaner_car_type_id')
      .notNull()
      .references(() => loanerCarTypes.id),
    name: text('name').notNull(),
    year: smallint('year'),
    make: text('make'),
    model: text('model'),
    vin: text('vin'),
    licensePlate: text('license_plate'),
    color: text('color'),
    mileage: integer('mileage'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('loaner_cars_facility_idx').on(t.facilityId),
    index('loaner_cars_type_idx').on(t.loanerCarTypeId),
  ],
);

/** A loaner car reserved for an appointment (the list is read through the appointment schedule). */
export const loanerReservations = pgTable(
  'loaner_reservations',
  {
    id: pk(),
    appointmentScheduleId: integer('appointment_schedule_id').references(
      (): AnyPgColumn => appointmentSchedules.id,
      {
        onDelete: 'set null',
      },
    ),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id),
    facilityId: integer('facility_id').references(() => facilities.id),
    /** reservedType: the car type asked for; the actual car is chosen at check-out. */
    loanerCarTypeId: integer('loaner_car_type_id').references(() => loanerCarTypes.id),
    loanerCarId: integer('loaner_car_id').references(() => loanerCars.id),
    appointmentDate: ts('appointment_date').notNull(),
    expectedReturn: ts('expected_return'),
    cancelledAt: ts('cancelled_at'),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('loaner_reservations_date_idx').on(t.appointmentDate),
    uniqueIndex('loaner_reservations_schedule_uq').on(t.appointmentScheduleId),
    index('loaner_reservations_invoice_idx').on(t.invoiceId),
    index('loaner_reservations_car_idx').on(t.loanerCarId, t.appointmentDate),
    // Migration 0027: the list of one facility, newest first.
    index('loaner_reservations_facility_date_idx').on(t.facilityId, t.appointmentDate),
  ],
);

/** Check-out / check-in of a reserved car with the driver's insurance (PUT LoanerCarUsages/{id}). */
export const loanerCarUsages = pgTable(
  'loaner_car_usages',
  {
    id: pk(),
    loanerReservationId: integer('loaner_reservation_id')
      .notNull()
      .references(() => loanerReservations.id, { onDelete: 'cascade' }),
    loanerCarId: integer('loaner_car_id').references(() => loanerCars.id),
    checkOutAt: ts('check_out_at'),
    checkOutMileage: integer('check_out_mileage'),
    /** Fuel level in eighths of a tank (0..8). */
    checkOutFuel: smallint('check_out_fuel'),
    checkInAt: ts('check_in_at'),
    checkInMileage: integer('check_in_mileage'),
    checkInFuel: smallint('check_in_fuel'),
    policyNumber: text('policy_number'),
    bodilyInjuryLimit: money('bodily_injury_limit'),
    perAccidentLimit: money('per_accident_limit'),
    propertyDamageLimit: money('property_damage_limit'),
    insuranceCompanyId: integer('insurance_company_id').references(() => insuranceCompanies.id),
    driverLicenseName: text('driver_license_name'),
    driverLicenseNumber: text('driver_license_number'),
    driverLicenseState: text('driver_license_state'),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('loaner_car_usages_reservation_uq').on(t.loanerReservationId),
    index('loaner_car_usages_car_idx').on(t.loanerCarId, t.checkOutAt),
  ],
);

/** STA phones: company phones lent to employees. */
export const loanerPhones = pgTable(
  'loaner_phones',
  {
    id: pk(),
    brandId: integer('brand_id').references(() => brands.id),
    employeeId: integer('employee_id').references(() => users.id),
    name: text('name').notNull(),
    phone: text('phone'),
    phoneName: text('phone_name'),
    serialNumber: text('serial_number'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('loaner_phones_employee_idx').on(t.employeeId),
    uniqueIndex('loaner_phones_serial_uq').on(t.serialNumber),
  ],
);
