import type { InvoicePatch } from './schemas.js';

/** How a PATCH field's stored value compares with the requested one. */
type Kind = 'at' | 'money';

/** PATCH fields and their columns (snake_case of the field unless the schema names it otherwise). */
export const PATCH_COLUMNS: Record<keyof InvoicePatch, { col: string; kind?: Kind }> = {
  paymentTypeId: { col: 'payment_type_id' },
  insuranceCompanyId: { col: 'insurance_company_id' },
  referenceNumber: { col: 'reference_number' },
  claimNumber: { col: 'claim_number' },
  policyNumber: { col: 'policy_number' },
  lossDateTime: { col: 'loss_date_time', kind: 'at' },
  languageId: { col: 'language_id' },
  advertisementSourceNotes: { col: 'advertisement_source_notes' },
  administratorId: { col: 'administrator_id' },
  leadTechnicianId: { col: 'lead_technician_id' },
  repairTechnicianId: { col: 'repair_technician_id' },
  autoGlassAssociateId: { col: 'auto_glass_associate_id' },
  flagged: { col: 'flagged' },
  snailMail: { col: 'snail_mail' },
  inspection: { col: 'inspection' },
  followedUp: { col: 'followed_up' },
  followUpAt: { col: 'follow_up_at', kind: 'at' },
  followUpForId: { col: 'follow_up_for_id' },
  windshieldChecked: { col: 'windshield_checked' },
  windshieldNotes: { col: 'windshield_notes' },
  deductibleAmount: { col: 'deductible_amount', kind: 'money' },
  deductiblePaymentTypeId: { col: 'deductible_payment_type_id' },
  depositAmount: { col: 'deposit_amount', kind: 'money' },
  depositPaymentTypeId: { col: 'deposit_payment_type_id' },
  actionDate: { col: 'action_date', kind: 'at' },
  vehicleYear: { col: 'vehicle_year' },
  vehicleMake: { col: 'vehicle_make' },
  vehicleModel: { col: 'vehicle_model' },
  vin: { col: 'vin' },
  mileage: { col: 'mileage' },
  licensePlate: { col: 'license_plate' },
  licenseState: { col: 'license_state' },
  serviceTag: { col: 'service_tag' },
  topper: { col: 'topper' },
  submitted: { col: 'submitted' },
  finalized: { col: 'finalized' },
};

const instant = (v: unknown) => (v === null || v === undefined ? null : Date.parse(String(v)));
const amount = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Stored and requested values are the same (timestamps as instants, money as numbers). */
export function same(before: unknown, after: unknown, kind?: Kind): boolean {
  if (kind === 'at') return instant(before) === instant(after);
  if (kind === 'money') return amount(before) === amount(after);
  return (before ?? null) === (after ?? null);
}
