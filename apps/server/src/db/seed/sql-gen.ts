/**
 * SQL snippets for the bulk tables, generated on the server with generate_series.
 * Pseudo-random values come from hashint8extended(rowKey, salt): a built-in, fast, stable hash
 * (hash partitioning depends on it), so the same row key always gives the same row.
 * Everything here is built from the seed's own constants, never from user input.
 */
import { AREA_CODES, CITIES, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, STREETS } from './data/people.js';
import {
  COLORS,
  FIRST_MODEL_YEAR,
  VEHICLES,
  VIN_CHARS,
  VIN_LETTER_VALUES,
  VIN_LETTERS,
  VIN_WEIGHTS,
  YEAR_CODES,
} from './data/vehicles.js';

export const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
export const textArray = (xs: readonly string[]) => `array[${xs.map(lit).join(',')}]::text[]`;
export const intArray = (xs: readonly number[]) => `array[${xs.length ? xs.join(',') : 'null'}]::int[]`;

/** Integer in [0, n) for a row key and a salt. */
export const hn = (key: string, salt: number, n: number) =>
  `((((hashint8extended((${key})::int8, ${salt}) % ${n}) + ${n}) % ${n})::int)`;
/** Fraction in [0, 1). */
export const hf = (key: string, salt: number) => `(${hn(key, salt, 1_000_000)}::float8 / 1000000)`;
export const pickText = (xs: readonly string[], key: string, salt: number) =>
  `(${textArray(xs)})[1 + ${hn(key, salt, xs.length)}]`;
export const pickInt = (xs: readonly number[], key: string, salt: number) =>
  `(${intArray(xs)})[1 + ${hn(key, salt, xs.length)}]`;
export const digits = (key: string, salt: number, n: number) =>
  `lpad(${hn(key, salt, 10 ** n)}::text, ${n}, '0')`;

/**
 * Weighted choice of numeric literals: [value, weight][]. One hash picks a slot of a 200-slot
 * table (0.5 % resolution), which is much cheaper than a CASE that hashes per branch.
 */
export function weighted(choices: readonly (readonly [number, number])[], key: string, salt: number): string {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  const slots: number[] = [];
  let acc = 0;
  for (const [value, w] of choices) {
    acc += w;
    while (slots.length < Math.round((acc / total) * 200)) slots.push(value);
  }
  return `(${intArray(slots)})[1 + ${hn(key, salt, 200)}]`;
}

/** A 10-digit Houston phone number. */
export const phone = (key: string, salt: number) =>
  `(${pickText(AREA_CODES, key, salt)} || (200 + ${hn(key, salt + 1, 800)})::text || ${digits(key, salt + 2, 4)})`;

/** Columns of a person (customer) for a row key: first, last, phones, email, address. */
export function personColumns(key: string): Record<string, string> {
  const first = pickText(FIRST_NAMES, key, 11);
  const last = pickText(LAST_NAMES, key, 12);
  const city = `${hn(key, 16, CITIES.length)}`;
  return {
    first_name: first,
    last_name: last,
    primary_phone: phone(key, 13),
    primary_phone_type_id: weighted(
      [
        [2, 75],
        [1, 15],
        [3, 10],
      ],
      key,
      17,
    ),
    secondary_phone: `case when ${hf(key, 18)} < 0.3 then ${phone(key, 19)} end`,
    secondary_phone_type_id: `case when ${hf(key, 18)} < 0.3 then ${weighted(
      [
        [3, 50],
        [1, 40],
        [5, 10],
      ],
      key,
      22,
    )} else -1 end`,
    do_not_call: `${hf(key, 23)} < 0.03`,
    do_not_text: `${hf(key, 24)} < 0.08`,
    email: `case when ${hf(key, 25)} < 0.7 then lower(left(${first}, 1) || replace(${last}, '''', '')) || ${hn(key, 26, 100)}::text || '@' || ${pickText(EMAIL_DOMAINS, key, 27)} end`,
    do_not_email: `${hf(key, 28)} < 0.05`,
    address_line1: `(100 + ${hn(key, 29, 19900)})::text || ' ' || ${pickText(STREETS, key, 30)}`,
    city: `(${textArray(CITIES.map((c) => c[0]))})[1 + ${city}]`,
    state: `'TX'`,
    zip: `(${textArray(CITIES.map((c) => c[1]))})[1 + ${city}]`,
    latitude: `round((29.94 + (${hf(key, 31)} - 0.5) * 0.3)::numeric, 6)::float8`,
    longitude: `round((-95.52 + (${hf(key, 32)} - 0.5) * 0.4)::numeric, 6)::float8`,
  };
}

/** Expression of the VIN check digit for a 17-character VIN expression `v` (position 9 ignored). */
function vinCheck(v: string): string {
  const terms = VIN_WEIGHTS.map((w, k) =>
    w === 0
      ? ''
      : `translate(substr(${v}, ${k + 1}, 1), '${VIN_LETTERS}', '${VIN_LETTER_VALUES}')::int * ${w}`,
  ).filter(Boolean);
  return `substr('0123456789X', (${terms.join(' + ')}) % 11 + 1, 1)`;
}

/**
 * A LATERAL subquery giving the vehicle of a row key as columns v.make, v.model, v.body,
 * v.year, v.vin, v.color, v.plate, v.mileage. OFFSET 0 keeps it evaluated once per row.
 */
export function vehicleLateral(key: string, modelYearNow: number, alias = 'v'): string {
  const m = hn(key, 101, VEHICLES.length);
  const year = `(${FIRST_MODEL_YEAR} + ${hn(key, 102, 18)})`;
  const vinChar = (salt: number) => `substr('${VIN_CHARS}', 1 + ${hn(key, salt, VIN_CHARS.length)}, 1)`;
  const raw =
    `(w0.wmi || ${[103, 104, 105, 106, 107].map(vinChar).join(' || ')} || '0' || ` +
    `substr('${YEAR_CODES}', w0.yr - ${FIRST_MODEL_YEAR} + 1, 1) || ${vinChar(108)} || ${digits(key, 109, 6)})`;
  return `lateral (
    select w.make, w.model, w.body, w.yr as year, overlay(w.raw placing ${vinCheck('w.raw')} from 9 for 1) as vin,
      ${pickText(COLORS, key, 110)} as color,
      chr(65 + ${hn(key, 111, 26)}) || chr(65 + ${hn(key, 112, 26)}) || chr(65 + ${hn(key, 113, 26)}) || ${digits(key, 114, 4)} as plate,
      greatest(500, (${modelYearNow + 1} - w.yr) * (6000 + ${hn(key, 115, 9000)})) as mileage
    from (select w0.*, ${raw} as raw from (
      select (${textArray(VEHICLES.map((x) => x[0]))})[1 + ${m}] as make,
        (${textArray(VEHICLES.map((x) => x[1]))})[1 + ${m}] as model,
        (${textArray(VEHICLES.map((x) => x[2]))})[1 + ${m}] as body,
        (${textArray(VEHICLES.map((x) => x[3]))})[1 + ${m}] as wmi,
        ${year} as yr offset 0) w0 offset 0) w
  ) ${alias}`;
}
