// Over 300 lines: the DMS import's pure rules: field list, header recogniser and row validation, used together.
/**
 * DMS imports (issue #23): a dealer management system's export of repair orders, one row per RO, becomes
 * service vehicles with source 6 'DMS import' (spec 1 §3 "Vehicle source"). This file holds the pure
 * parts: the fields a column can map to, the recogniser of common DMS header names, the header check and
 * the validation of one row (VIN with the domain's check-digit rule, dates, phone digits, required fields).
 * The server streams the file through `validateDmsRow`; the web shows the same fields and messages.
 */
import { PhoneType, RepairOrderStatus } from '../enums.js';
import { REPLACEMENT_REPAIR_COUNT } from '../constants.js';
import { validateVin, vinModelYear } from './vin.js';

/** The service vehicle fields a column of the file can fill. */
export const DMS_FIELDS = [
  { key: 'roNumber', label: 'RO number', required: true },
  { key: 'roStatus', label: 'RO status' },
  { key: 'openDate', label: 'Open date' },
  { key: 'vin', label: 'VIN' },
  { key: 'year', label: 'Year' },
  { key: 'make', label: 'Make' },
  { key: 'model', label: 'Model' },
  { key: 'color', label: 'Colour' },
  { key: 'tag', label: 'License tag' },
  { key: 'serviceTag', label: 'Service (hat) tag' },
  { key: 'customerName', label: 'Customer name (full)' },
  { key: 'firstName', label: 'Customer first name' },
  { key: 'lastName', label: 'Customer last name' },
  { key: 'phone1', label: 'Phone 1' },
  { key: 'phone1Type', label: 'Phone 1 type' },
  { key: 'phone2', label: 'Phone 2' },
  { key: 'phone2Type', label: 'Phone 2 type' },
  { key: 'serviceAdvisor', label: 'Service advisor' },
  { key: 'notes', label: 'Notes' },
  { key: 'repairCount', label: 'Repair count' },
] as const satisfies readonly { key: string; label: string; required?: boolean }[];

export type DmsField = (typeof DMS_FIELDS)[number]['key'];
export const DMS_FIELD_KEYS = DMS_FIELDS.map((f) => f.key) as DmsField[];
export const dmsFieldLabel = (key: DmsField): string => DMS_FIELDS.find((f) => f.key === key)?.label ?? key;

/** Which column (0-based index in the header) fills each field; unmapped fields are absent or null. */
export type DmsMapping = Partial<Record<DmsField, number | null>>;

/** Limits of one upload (the issue: files up to 50 MB and 200,000 rows). */
export const DMS_MAX_FILE_BYTES = 50 * 1024 * 1024;
export const DMS_MAX_ROWS = 200_000;
/** Longest text a cell may bring into one field. */
export const DMS_MAX_TEXT = 200;

/** Header text reduced to letters and digits, lower case: 'R.O. #' → 'ro', 'Customer_Last Name' → 'customerlastname'. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/#/g, 'number')
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Header names seen in DMS exports (CDK, Reynolds & Reynolds, Dealertrack, Tekion …), normalized. A header
 * matches a field when its normalized text is one of these; the first field (in this order) wins.
 */
const SYNONYMS: Record<DmsField, readonly string[]> = {
  roNumber: [
    'ronumber',
    'ro',
    'rono',
    'ronum',
    'ronbr',
    'repairorder',
    'repairordernumber',
    'repairorderno',
    'repairordernum',
    'ordernumber',
    'invoicenumber',
    'workorder',
    'workordernumber',
    'wonumber',
  ],
  roStatus: ['rostatus', 'status', 'repairorderstatus', 'orderstatus', 'rostatuscode', 'statuscode'],
  openDate: [
    'opendate',
    'rodate',
    'roopendate',
    'opened',
    'openedat',
    'openeddate',
    'dateopened',
    'datein',
    'indate',
    'rocreated',
    'createddate',
    'writeupdate',
  ],
  vin: ['vin', 'vinnumber', 'vehicleidentificationnumber', 'vehiclevin', 'serialnumber'],
  year: ['year', 'vehicleyear', 'modelyear', 'yr', 'vehyear'],
  make: ['make', 'vehiclemake', 'vehmake', 'mfr', 'manufacturer'],
  model: ['model', 'vehiclemodel', 'vehmodel', 'modelname'],
  color: ['color', 'colour', 'vehiclecolor', 'vehiclecolour', 'extcolor', 'exteriorcolor', 'exteriorcolour'],
  tag: [
    'license',
    'licenseplate',
    'licenseplatenumber',
    'licenceplate',
    'plate',
    'platenumber',
    'licensetag',
    'licensenumber',
    'licensetagnumber',
  ],
  serviceTag: ['tag', 'tagnumber', 'hattag', 'hatnumber', 'servicetag', 'tagno'],
  customerName: ['customer', 'customername', 'name', 'custname', 'fullname', 'customerfullname', 'owner'],
  firstName: ['firstname', 'customerfirstname', 'custfirstname', 'fname', 'first'],
  lastName: ['lastname', 'customerlastname', 'custlastname', 'lname', 'last', 'surname'],
  phone1: [
    'phone',
    'phone1',
    'phonenumber',
    'customerphone',
    'homephone',
    'primaryphone',
    'cellphone',
    'mobile',
    'mobilephone',
    'cell',
    'telephone',
  ],
  phone1Type: ['phonetype', 'phone1type', 'primaryphonetype'],
  phone2: [
    'phone2',
    'workphone',
    'businessphone',
    'secondaryphone',
    'otherphone',
    'altphone',
    'alternatephone',
  ],
  phone2Type: ['phone2type', 'secondaryphonetype'],
  serviceAdvisor: [
    'serviceadvisor',
    'advisor',
    'advisorname',
    'serviceadvisorname',
    'sa',
    'writer',
    'servicewriter',
    'saname',
  ],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks', 'complaint', 'concern', 'customerconcern'],
  repairCount: ['repaircount', 'repairs', 'numberofrepairs', 'chips', 'chipcount', 'numberrepairs'],
};

/**
 * The mapping the recogniser proposes: each field gets the first column whose header is one of its names;
 * a column fills one field at most. A phone column named for its kind ('Cell Phone', 'Work Phone') is
 * still just a phone: its type comes from a type column when the file has one.
 */
export function recogniseColumns(headers: readonly string[]): DmsMapping {
  const normalized = headers.map(normalizeHeader);
  const used = new Set<number>();
  const mapping: DmsMapping = {};
  for (const field of DMS_FIELD_KEYS) {
    const index = normalized.findIndex((h, i) => !used.has(i) && h !== '' && SYNONYMS[field].includes(h));
    if (index >= 0) {
      mapping[field] = index;
      used.add(index);
    }
  }
  return mapping;
}

/** The type a phone column's header implies ('Cell Phone' → Cell), used when no type column is mapped. */
export function phoneTypeFromHeader(header: string | undefined): number | undefined {
  const h = normalizeHeader(header ?? '');
  if (/cell|mobile/.test(h)) return PhoneType.Cell;
  if (/work|business|office/.test(h)) return PhoneType.Work;
  if (/home/.test(h)) return PhoneType.Home;
  if (/fax/.test(h)) return PhoneType.Fax;
  return undefined;
}

export const HEADER_EMPTY = 'The file is empty: the first row must hold the column names';
export const HEADER_MISSING = 'The first row must hold the column names';

/**
 * Why the first row cannot be the header (the upload's 400), or undefined. A header has at least one
 * name, and none of its cells looks like data: a VIN, a number, a date or a phone number.
 */
export function headerProblem(headers: readonly string[]): string | undefined {
  const names = headers.map((h) => h.trim());
  if (!names.some(Boolean)) return HEADER_EMPTY;
  const data = names.find(
    (h) =>
      validateVin(h).valid ||
      /^[-+]?\d+([.,]\d+)?$/.test(h) ||
      /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}/.test(h) ||
      /^\(?\d{3}\)?[-. ]?\d{3}[-. ]?\d{4}$/.test(h),
  );
  if (data) return `${HEADER_MISSING}; found '${data.slice(0, 40)}' in it`;
  return undefined;
}

/** Why a mapping cannot be used with a header of `columnCount` columns (a 400 on `mapping`), or undefined. */
export function mappingProblem(mapping: DmsMapping, columnCount: number): string | undefined {
  if (mapping.roNumber === undefined || mapping.roNumber === null) return 'Map a column to the RO number';
  const seen = new Map<number, DmsField>();
  for (const field of DMS_FIELD_KEYS) {
    const col = mapping[field];
    if (col === undefined || col === null) continue;
    if (!Number.isInteger(col) || col < 0 || col >= columnCount)
      return `${dmsFieldLabel(field)}: the file has no column ${col}`;
    const other = seen.get(col);
    if (other) return `${dmsFieldLabel(other)} and ${dmsFieldLabel(field)} are mapped to the same column`;
    seen.set(col, field);
  }
  return undefined;
}

/** A row as it will be imported: the service vehicle's values, normalized. */
export interface DmsRowValues {
  roNumber: string;
  roStatusId: number;
  /** 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm', in the facility's time zone; null when not given. */
  openedAt: string | null;
  vin: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  color: string | null;
  tag: string | null;
  serviceTag: string | null;
  firstName: string | null;
  lastName: string | null;
  phone1: string | null;
  phone1TypeId: number;
  phone2: string | null;
  phone2TypeId: number;
  serviceAdvisor: string | null;
  notes: string | null;
  /** From the file when it has the column; null means "the default chosen at import". */
  repairCount: number | null;
}

export interface DmsCellError {
  field: DmsField;
  /** The column the value came from (0-based), for the preview's cell marks. */
  column: number;
  message: string;
}

export interface DmsRowResult {
  values: DmsRowValues | null;
  errors: DmsCellError[];
}

export interface DmsRowOptions {
  /** The file is a spreadsheet: a number in a date column is a date serial (days since 1899-12-30). */
  spreadsheet?: boolean;
  /** Headers, for phone types implied by a phone column's name. */
  headers?: readonly string[];
  /** Today, for the latest model year a row may have (default now). */
  now?: Date;
}

const STATUS_WORDS: Record<string, number> = {
  finished: RepairOrderStatus.Finished,
  closed: RepairOrderStatus.Finished,
  complete: RepairOrderStatus.Finished,
  completed: RepairOrderStatus.Finished,
  done: RepairOrderStatus.Finished,
  f: RepairOrderStatus.Finished,
  c: RepairOrderStatus.Finished,
  hold: RepairOrderStatus.Hold,
  onhold: RepairOrderStatus.Hold,
  h: RepairOrderStatus.Hold,
  working: RepairOrderStatus.Working,
  open: RepairOrderStatus.Working,
  inprogress: RepairOrderStatus.Working,
  wip: RepairOrderStatus.Working,
  w: RepairOrderStatus.Working,
  o: RepairOrderStatus.Working,
  '1': RepairOrderStatus.Finished,
  '2': RepairOrderStatus.Hold,
  '3': RepairOrderStatus.Working,
};

/** 'Finished', 'Closed', 'Hold', 'Open', 'Working', their first letters or 1–3; blank is none (-1). */
export function parseRoStatus(text: string): number | undefined {
  const t = normalizeHeader(text);
  if (t === '') return RepairOrderStatus.None;
  return STATUS_WORDS[t];
}

const PHONE_TYPE_WORDS: Record<string, number> = {
  home: PhoneType.Home,
  h: PhoneType.Home,
  residence: PhoneType.Home,
  cell: PhoneType.Cell,
  mobile: PhoneType.Cell,
  c: PhoneType.Cell,
  m: PhoneType.Cell,
  work: PhoneType.Work,
  business: PhoneType.Work,
  office: PhoneType.Work,
  w: PhoneType.Work,
  b: PhoneType.Work,
  fax: PhoneType.Fax,
  f: PhoneType.Fax,
  other: PhoneType.Other,
  landline: PhoneType.Other,
  o: PhoneType.Other,
  '1': PhoneType.Home,
  '2': PhoneType.Cell,
  '3': PhoneType.Work,
  '4': PhoneType.Fax,
  '5': PhoneType.Other,
};

/** Spec 1 §3 phone types by name (Home, Cell/Mobile, Work, Fax, Other/Land Line) or number; blank is -1. */
export function parsePhoneType(text: string): number | undefined {
  const t = normalizeHeader(text);
  if (t === '') return PhoneType.Unlabelled;
  return PHONE_TYPE_WORDS[t];
}

/**
 * A US phone number as stored (digits only): 10 digits, or 11 starting with the country code 1 (dropped).
 * Extensions ('x123', 'ext. 4') are cut off. Returns undefined when it is not a phone number.
 */
export function parsePhone(text: string): string | undefined {
  const main = text.split(/\s*(?:x|ext\.?|extension)\s*\d+\s*$/i)[0] ?? '';
  if (/[a-wyz]/i.test(main)) return undefined;
  const digits = main.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return digits.length === 10 ? digits : undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2200) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * A date (and optional time) as DMS exports write it: ISO `2025-03-04[ T]14:30[:00]`, US `3/4/2025`,
 * `03/04/25 2:30 PM`, or (in a spreadsheet) a date serial such as 45720.5. Returns 'YYYY-MM-DD' or
 * 'YYYY-MM-DDTHH:mm' (a wall-clock time: the facility's time zone applies), or undefined.
 */
export function parseDmsDate(text: string, spreadsheet = false): string | undefined {
  const t = text.trim();
  if (spreadsheet && /^\d+(\.\d+)?$/.test(t)) {
    const serial = Number(t);
    if (serial < 1 || serial > 2_958_465) return undefined;
    const ms = Math.round((serial - 25_569) * 86_400_000);
    const d = new Date(ms);
    const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    const minutes = d.getUTCHours() * 60 + d.getUTCMinutes();
    return minutes ? `${day}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` : day;
  }
  const iso =
    /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/.exec(
      t,
    );
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:\s+(\d{1,2}):(\d{2})(?::\d{2})?\s*([AaPp][Mm])?)?$/.exec(
    t,
  );
  let y: number;
  let m: number;
  let d: number;
  let hh: number | undefined;
  let mm: number | undefined;
  if (iso) {
    [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    if (iso[4] !== undefined) [hh, mm] = [Number(iso[4]), Number(iso[5])];
  } else if (us) {
    [m, d, y] = [Number(us[1]), Number(us[2]), Number(us[3])];
    if (us[3]!.length === 2) y += y < 70 ? 2000 : 1900;
    if (us[4] !== undefined) {
      hh = Number(us[4]);
      mm = Number(us[5]);
      const ampm = us[6]?.toLowerCase();
      if (ampm && (hh < 1 || hh > 12)) return undefined;
      if (ampm === 'pm' && hh < 12) hh += 12;
      if (ampm === 'am' && hh === 12) hh = 0;
    }
  } else return undefined;
  if (!validDate(y, m, d)) return undefined;
  const day = `${y}-${pad(m)}-${pad(d)}`;
  if (hh === undefined || mm === undefined) return day;
  if (hh > 23 || mm > 59) return undefined;
  return hh || mm ? `${day}T${pad(hh)}:${pad(mm)}` : day;
}

/** 'Smith, John' → John Smith; 'John Q Smith' → first 'John Q', last 'Smith'; one word is the last name. */
export function splitCustomerName(full: string): { firstName: string | null; lastName: string | null } {
  const t = full.trim().replace(/\s+/g, ' ');
  if (!t) return { firstName: null, lastName: null };
  const comma = t.indexOf(',');
  if (comma >= 0) {
    const last = t.slice(0, comma).trim();
    const first = t.slice(comma + 1).trim();
    return { firstName: first || null, lastName: last || null };
  }
  const space = t.lastIndexOf(' ');
  if (space < 0) return { firstName: null, lastName: t };
  return { firstName: t.slice(0, space), lastName: t.slice(space + 1) };
}

export const RO_NUMBER_REQUIRED = 'RO number is required';
export const REPAIR_COUNT_RANGE = `Repair count must be a whole number from 1 to ${REPLACEMENT_REPAIR_COUNT} (${REPLACEMENT_REPAIR_COUNT} is a replacement)`;
export const PHONE_DIGITS = 'Phone must have 10 digits';

/**
 * One data row of the file validated and turned into the values it imports (`values` null when any cell
 * is wrong; `errors` names the field and column of each problem). Text is kept as text, whatever it
 * starts with: a cell such as `=HYPERLINK(…)` is stored as those characters, and every CSV export
 * escapes it again (rules/csv.ts).
 */
export function validateDmsRow(
  cells: readonly string[],
  mapping: DmsMapping,
  options: DmsRowOptions = {},
): DmsRowResult {
  const errors: DmsCellError[] = [];
  const cell = (field: DmsField): string => {
    const col = mapping[field];
    return col === undefined || col === null ? '' : (cells[col] ?? '').trim();
  };
  const fail = (field: DmsField, message: string) =>
    errors.push({ field, column: mapping[field] ?? -1, message });
  const text = (field: DmsField): string | null => {
    const v = cell(field);
    if (v.length > DMS_MAX_TEXT) {
      fail(field, `${dmsFieldLabel(field)} is longer than ${DMS_MAX_TEXT} characters`);
      return null;
    }
    return v || null;
  };

  const roNumber = text('roNumber');
  if (!roNumber && !errors.length) fail('roNumber', RO_NUMBER_REQUIRED);

  const roStatusId = parseRoStatus(cell('roStatus'));
  if (roStatusId === undefined) fail('roStatus', 'RO status must be Finished, Hold or Working (or blank)');

  let openedAt: string | null = null;
  const openText = cell('openDate');
  if (openText) {
    const parsed = parseDmsDate(openText, options.spreadsheet);
    if (parsed) openedAt = parsed;
    else fail('openDate', 'Open date is not a date (use YYYY-MM-DD or MM/DD/YYYY)');
  }

  let vin: string | null = null;
  const vinText = cell('vin');
  if (vinText) {
    const checked = validateVin(vinText);
    if (checked.valid) vin = checked.vin;
    else for (const p of checked.problems) fail('vin', p.message);
  }

  const now = options.now ?? new Date();
  let year: number | null = null;
  const yearText = cell('year');
  if (yearText) {
    let y = /^\d{2}$/.test(yearText) ? Number(yearText) : /^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
    if (yearText.length === 2 && Number.isFinite(y)) y += y <= (now.getFullYear() + 1) % 100 ? 2000 : 1900;
    if (!Number.isInteger(y) || y < 1950 || y > now.getFullYear() + 2)
      fail('year', `Year must be a model year from 1950 to ${now.getFullYear() + 2}`);
    else year = y;
  } else if (vin) year = vinModelYear(vin, { now }) ?? null;

  let firstName = text('firstName');
  let lastName = text('lastName');
  const full = text('customerName');
  if (full && !firstName && !lastName) ({ firstName, lastName } = splitCustomerName(full));

  const phone = (field: 'phone1' | 'phone2', typeField: 'phone1Type' | 'phone2Type') => {
    const raw = cell(field);
    let digits: string | null = null;
    if (raw) {
      const parsed = parsePhone(raw);
      if (parsed) digits = parsed;
      else fail(field, `${dmsFieldLabel(field)}: ${PHONE_DIGITS}`);
    }
    const typeText = cell(typeField);
    let typeId = parsePhoneType(typeText);
    if (typeId === undefined) {
      fail(typeField, `${dmsFieldLabel(typeField)} must be Home, Cell, Work, Fax or Other`);
      typeId = PhoneType.Unlabelled;
    }
    if (typeId === PhoneType.Unlabelled && digits) {
      const col = mapping[field];
      typeId = phoneTypeFromHeader(col === undefined || col === null ? '' : options.headers?.[col]) ?? typeId;
    }
    return { digits, typeId: digits ? typeId : PhoneType.Unlabelled };
  };
  const p1 = phone('phone1', 'phone1Type');
  const p2 = phone('phone2', 'phone2Type');

  let repairCount: number | null = null;
  const countText = cell('repairCount');
  if (countText) {
    const n = Number(countText);
    if (!Number.isInteger(n) || n < 1 || n > REPLACEMENT_REPAIR_COUNT)
      fail('repairCount', REPAIR_COUNT_RANGE);
    else repairCount = n;
  }

  const values: DmsRowValues = {
    roNumber: roNumber ?? '',
    roStatusId: roStatusId ?? RepairOrderStatus.None,
    openedAt,
    vin,
    year,
    make: text('make'),
    model: text('model'),
    color: text('color'),
    tag: text('tag')?.toUpperCase() ?? null,
    serviceTag: text('serviceTag'),
    firstName,
    lastName,
    phone1: p1.digits,
    phone1TypeId: p1.typeId,
    phone2: p2.digits,
    phone2TypeId: p2.typeId,
    serviceAdvisor: text('serviceAdvisor'),
    notes: text('notes'),
    repairCount,
  };
  return errors.length ? { values: null, errors } : { values, errors };
}

/** One line naming every problem of a row, for the history's failed rows and their CSV. */
export function dmsRowReason(errors: readonly DmsCellError[]): string {
  return errors.map((e) => e.message).join('; ');
}

/** The repair count a row imports with: the file's, else the default chosen at import (at least 1). */
export function dmsRepairCount(values: Pick<DmsRowValues, 'repairCount'>, defaultCount: number): number {
  const fallback = Math.min(REPLACEMENT_REPAIR_COUNT, Math.max(1, Math.floor(defaultCount) || 1));
  return values.repairCount ?? fallback;
}
