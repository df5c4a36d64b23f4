import { PaymentType, RepairOrderStatus, VehicleSource } from '@glass/domain';
import { HttpError, validationFailed } from '../../http/errors.js';
import { checkedVin } from './vin-check.js';

/**
 * The text fields of PUT /api/ServiceVehicle/{id} (spec 2 §7: vin, roNumber, roStatusId, vehicleModel,
 * color, state, facilityId, phone2TypeId, sourceId, quote amounts, plus the other fields of the
 * detail form). Form values are strings; a blank value clears the field, or sets its "none" value
 * where the column cannot be empty. Parsers throw a message, which becomes a 400 on the field.
 */
type Parse = (raw: string, name: string) => unknown;

/** A parser's complaint about one value. */
class Problem extends Error {}

export interface EditField {
  name: string;
  table: 'sv' | 'customer';
  col: string;
  parse: Parse;
}

const text =
  (max: number, opts: { upper?: boolean; blank?: string | null } = {}): Parse =>
  (raw) => {
    const v = raw.trim();
    if (v === '') return opts.blank === undefined ? null : opts.blank;
    if (v.length > max) throw new Problem(`At most ${max} characters`);
    return opts.upper ? v.toUpperCase() : v;
  };

const int =
  (min: number, max: number, opts: { allowed?: number[]; blank?: number | 'required' } = {}): Parse =>
  (raw) => {
    const v = raw.trim();
    if (v === '') {
      if (opts.blank === 'required') throw new Problem('Required');
      return opts.blank ?? null;
    }
    if (!/^-?\d+$/.test(v)) throw new Problem('Must be a whole number');
    const n = Number(v);
    if (n < min || n > max || (opts.allowed && !opts.allowed.includes(n)))
      throw new Problem(`Unknown value ${v}`);
    return n;
  };

const money: Parse = (raw) => {
  const v = raw.trim();
  if (v === '') return null;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(v)) throw new Problem('Must be an amount with at most 2 decimals');
  return Number(v);
};

const bool: Parse = (raw) => {
  const v = raw.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  throw new Problem('Must be true or false');
};

const phone: Parse = (raw) => {
  const digits = raw.replace(/\D/g, '');
  if (digits === '') return null;
  if (digits.length < 7 || digits.length > 15) throw new Problem('Phone must have 7 to 15 digits');
  return digits;
};

const phoneType = int(-1, 5, { allowed: [-1, 1, 2, 3, 4, 5], blank: -1 });
const vin: Parse = (raw, name) => checkedVin(raw, name);

const FIELDS: EditField[] = [
  { name: 'vin', table: 'sv', col: 'vin', parse: vin },
  { name: 'roNumber', table: 'sv', col: 'repair_order_number', parse: text(30) },
  {
    name: 'roStatusId',
    table: 'sv',
    col: 'ro_status_id',
    parse: int(-1, 3, { allowed: Object.values(RepairOrderStatus), blank: -1 }),
  },
  { name: 'vehicleYear', table: 'sv', col: 'vehicle_year', parse: int(1900, 2100) },
  { name: 'vehicleMake', table: 'sv', col: 'vehicle_make', parse: text(50) },
  { name: 'vehicleModel', table: 'sv', col: 'vehicle_model', parse: text(50) },
  { name: 'color', table: 'sv', col: 'color', parse: text(30) },
  { name: 'state', table: 'sv', col: 'license_state', parse: text(2, { upper: true }) },
  { name: 'licenseTag', table: 'sv', col: 'license_tag', parse: text(15, { upper: true }) },
  { name: 'serviceTag', table: 'sv', col: 'service_tag', parse: text(30) },
  { name: 'stockNumber', table: 'sv', col: 'stock_number', parse: text(30) },
  { name: 'mileage', table: 'sv', col: 'mileage', parse: int(0, 2_000_000) },
  { name: 'facilityId', table: 'sv', col: 'facility_id', parse: int(1, 2 ** 31 - 1, { blank: 'required' }) },
  {
    name: 'sourceId',
    table: 'sv',
    col: 'source_id',
    parse: int(1, 7, { allowed: Object.values(VehicleSource) }),
  },
  {
    name: 'paymentTypeId',
    table: 'sv',
    col: 'payment_type_id',
    parse: int(0, 8, { allowed: Object.values(PaymentType), blank: 0 }),
  },
  { name: 'repairQuoteAmount', table: 'sv', col: 'repair_quote_amount', parse: money },
  { name: 'replacementQuoteAmount', table: 'sv', col: 'replacement_quote_amount', parse: money },
  { name: 'repairCount', table: 'sv', col: 'repair_count', parse: int(0, 4, { blank: 'required' }) },
  { name: 'windshieldChecked', table: 'sv', col: 'windshield_checked', parse: bool },
  { name: 'windshieldNotes', table: 'sv', col: 'windshield_notes', parse: text(2000) },
  { name: 'serviceAdvisorName', table: 'sv', col: 'service_advisor_name', parse: text(100) },
  { name: 'firstName', table: 'customer', col: 'first_name', parse: text(50, { blank: '' }) },
  { name: 'lastName', table: 'customer', col: 'last_name', parse: text(50, { blank: '' }) },
  { name: 'phone1', table: 'customer', col: 'primary_phone', parse: phone },
  { name: 'phone1TypeId', table: 'customer', col: 'primary_phone_type_id', parse: phoneType },
  { name: 'phone2', table: 'customer', col: 'secondary_phone', parse: phone },
  { name: 'phone2TypeId', table: 'customer', col: 'secondary_phone_type_id', parse: phoneType },
];
const BY_KEY = new Map(FIELDS.map((f) => [f.name.toLowerCase(), f]));
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
    try {
      out.push({ field, value: field.parse(raw, field.name) });
    } catch (e) {
      if (e instanceof Problem) errors[field.name] = [e.message];
      else if (e instanceof HttpError && e.errors) Object.assign(errors, e.errors);
      else throw e;
    }
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  return out;
}
