import { z } from 'zod';
import { id, timestamp } from './common.js';

/**
 * Loaner reservations (issue #18 item 5; apps/server/src/modules/loaners/README.md): the OData list over
 * appointment schedules that carry a loaner, and check-out / check-in with the driver's insurance and
 * licence (spec 2 §3 "Loaner reservation"). Insurance limits are integer cents.
 */

export const loanerReservationState = z.enum(['reserved', 'out', 'returned', 'cancelled']);
export type LoanerReservationState = z.infer<typeof loanerReservationState>;

/** A row of GET /api/LoanerReservations: `id` is the appointment schedule's (the list is over schedules). */
export const loanerReservationRow = z.object({
  id,
  reservationId: id.nullable(),
  invoiceId: id,
  facilityId: id.nullable(),
  facilityName: z.string().nullable(),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  reservedTypeId: id.nullable(),
  reservedType: z.string().nullable(),
  loanerCarId: id.nullable(),
  carName: z.string().nullable(),
  licensePlate: z.string().nullable(),
  vehicle: z.string().nullable(),
  appointmentDate: timestamp,
  expectedReturn: timestamp.nullable(),
  state: loanerReservationState,
  overdue: z.boolean(),
  usageId: id.nullable(),
  checkOutAt: timestamp.nullable(),
  checkOutMileage: z.number().int().nullable(),
  checkOutFuel: z.number().int().nullable(),
  checkInAt: timestamp.nullable(),
  checkInMileage: z.number().int().nullable(),
  checkInFuel: z.number().int().nullable(),
  policyNumber: z.string().nullable(),
  bodilyInjuryLimitCents: z.number().int().nullable(),
  perAccidentLimitCents: z.number().int().nullable(),
  propertyDamageLimitCents: z.number().int().nullable(),
  insuranceCompanyId: id.nullable(),
  insuranceCompanyName: z.string().nullable(),
  driverLicenseName: z.string().nullable(),
  driverLicenseNumber: z.string().nullable(),
  driverLicenseState: z.string().nullable(),
});
export type LoanerReservationRow = z.infer<typeof loanerReservationRow>;

const mileage = z.number().int('Mileage is a whole number').min(0, 'Mileage is 0 or more').max(2_000_000);
/** Fuel in eighths of a tank: 0 (empty) .. 8 (full). */
const fuel = z.number().int().min(0, 'Fuel is 0 to 8 eighths').max(8, 'Fuel is 0 to 8 eighths');
const limitCents = z.number().int('Limits are whole cents').min(0).max(100_000_000_00);
const optText = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * PUT /api/LoanerCarUsages/{id}: `{id}` is the list row's id (the appointment schedule; one reservation and
 * one usage per schedule, made on first use). Every field is
 * optional; a field left out keeps its value. Check-in needs a check-out and mileage not below it.
 */
export const loanerUsageBody = z.object({
  loanerCarId: z.number().int().positive().nullable().optional(),
  checkOutAt: z.iso.datetime({ offset: true }).nullable().optional(),
  checkOutMileage: mileage.nullable().optional(),
  checkOutFuel: fuel.nullable().optional(),
  checkInAt: z.iso.datetime({ offset: true }).nullable().optional(),
  checkInMileage: mileage.nullable().optional(),
  checkInFuel: fuel.nullable().optional(),
  expectedReturn: z.iso.datetime({ offset: true }).nullable().optional(),
  policyNumber: optText(50),
  bodilyInjuryLimitCents: limitCents.nullable().optional(),
  perAccidentLimitCents: limitCents.nullable().optional(),
  propertyDamageLimitCents: limitCents.nullable().optional(),
  insuranceCompanyId: z.number().int().positive().nullable().optional(),
  driverLicenseName: optText(100),
  driverLicenseNumber: optText(30),
  driverLicenseState: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'Use the two-letter state')
    .nullable()
    .optional(),
});
export type LoanerUsageBody = z.infer<typeof loanerUsageBody>;

/** The loaner cars with where each one is now (the fleet panel of /loaner-reservations). */
export const loanerCarStatus = z.object({
  id,
  name: z.string(),
  facilityId: id,
  facilityName: z.string().nullable(),
  typeName: z.string().nullable(),
  licensePlate: z.string().nullable(),
  mileage: z.number().int().nullable(),
  isActive: z.boolean(),
  out: z
    .object({
      reservationId: id,
      invoiceId: id.nullable(),
      customerName: z.string().nullable(),
      checkOutAt: timestamp,
      expectedReturn: timestamp.nullable(),
      overdue: z.boolean(),
    })
    .nullable(),
});
export type LoanerCarStatus = z.infer<typeof loanerCarStatus>;
export const loanerCarStatusQuery = z.object({ facilityId: z.coerce.number().int().positive().optional() });
