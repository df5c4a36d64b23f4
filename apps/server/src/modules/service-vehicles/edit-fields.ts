import { type SvEditField, svEditFields } from '@glass/domain/contracts/service-vehicles';
import { validationFailed } from '../../http/errors.js';

/**
 * The text fields of PUT /api/ServiceVehicle/{id} (spec 2 §7: vin, roNumber, roStatusId, vehicleModel,
 * color, state, facilityId, phone2TypeId, sourceId, quote amounts, plus the other fields of the
 * detail form). How each value is read (limits, blanks, messages) is the domain contract's
 * `svEditFields`, which the web form validates with too; here is only where each one is stored.
 */
export interface EditField {
  name: string;
  table: 'sv' | 'customer';
  col: string;
}

const COLUMNS: Record<SvEditField, Omit<EditField, 'name'>> = {
  vin: { table: 'sv', col: 'vin' },
  roNumber: { table: 'sv', col: 'repair_order_number' },
  roStatusId: { table: 'sv', col: 'ro_status_id' },
  vehicleYear: { table: 'sv', col: 'vehicle_year' },
  vehicleMake: { table: 'sv', col: 'vehicle_make' },
  vehicleModel: { table: 'sv', col: 'vehicle_model' },
  color: { table: 'sv', col: 'color' },
  state: { table: 'sv', col: 'license_state' },
  licenseTag: { table: 'sv', col: 'license_tag' },
  serviceTag: { table: 'sv', col: 'service_tag' },
  stockNumber: { table: 'sv', col: 'stock_number' },
  mileage: { table: 'sv', col: 'mileage' },
  facilityId: { table: 'sv', col: 'facility_id' },
  sourceId: { table: 'sv', col: 'source_id' },
  paymentTypeId: { table: 'sv', col: 'payment_type_id' },
  repairQuoteAmount: { table: 'sv', col: 'repair_quote_amount' },
  replacementQuoteAmount: { table: 'sv', col: 'replacement_quote_amount' },
  repairCount: { table: 'sv', col: 'repair_count' },
  windshieldChecked: { table: 'sv', col: 'windshield_checked' },
  windshieldNotes: { table: 'sv', col: 'windshield_notes' },
  serviceAdvisorName: { table: 'sv', col: 'service_advisor_name' },
  firstName: { table: 'customer', col: 'first_name' },
  lastName: { table: 'customer', col: 'last_name' },
  phone1: { table: 'customer', col: 'primary_phone' },
  phone1TypeId: { table: 'customer', col: 'primary_phone_type_id' },
  phone2: { table: 'customer', col: 'secondary_phone' },
  phone2TypeId: { table: 'customer', col: 'secondary_phone_type_id' },
};

const BY_KEY = new Map(
  (Object.keys(COLUMNS) as SvEditField[]).map((name) => [name.toLowerCase(), { ...COLUMNS[name], name }]),
);
/** Sent by forms that post the whole record; the id is the URL's. */
const IGNORED = new Set(['id', 'servicevehicleid']);

/** Parses the posted fields; every problem of the form is reported at once, by field name. */
export function parseEditFields(fields: Record<string, string>): { field: EditField; value: unknown }[] {
  const errors: Record<string, string[]> = {};
  const out: { field: EditField; value: unknown }[] = [];
  for (const [key, raw] of Object.entries(fields)) {
    if (IGNORED.has(key)) continue;
    const field = BY_KEY.get(key);
    if (!field) {
      errors[key] = ['Unknown field'];
      continue;
    }
    const parsed = svEditFields.shape[field.name].safeParse(raw);
    if (parsed.success) out.push({ field, value: parsed.data });
    else errors[field.name] = parsed.error.issues.map((i) => i.message);
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  return out;
}
