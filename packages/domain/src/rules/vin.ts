/**
 * VIN rules (North American standard, 49 CFR 565): 17 characters, letters and digits without
 * I, O or Q, position 9 is the check digit; position 10 encodes the model year on a 30-year cycle.
 */
import { VIN_CHARACTERS, VIN_CHECK_DIGIT, VIN_LENGTH } from '../messages/vin.js';

/** A VIN's length: the VIN inputs' limit. */
export const VIN_CHARACTER_COUNT = 17;

export type VinProblemCode = 'length' | 'characters' | 'checkDigit';

export interface VinValidation {
  valid: boolean;
  /** Upper-cased, trimmed VIN as it should be stored. */
  vin: string;
  problems: { code: VinProblemCode; message: string }[];
}

// biome-ignore format: the transliteration table reads best as the standard prints it
const VALUES: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const ALLOWED = /^[A-HJ-NPR-Z0-9]+$/;
/** Year codes from 1980 on; the cycle repeats every 30 years (A is 1980, 2010, 2040). */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

export function normalizeVin(vin: string | null | undefined): string {
  return (vin ?? '').trim().toUpperCase();
}

/** The expected check digit ('0'–'9' or 'X') of a 17-character VIN of allowed characters. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const ch = vin[i] as string;
    const value = ch >= '0' && ch <= '9' ? Number(ch) : (VALUES[ch] ?? 0);
    sum += value * (WEIGHTS[i] as number);
  }
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

export function validateVin(input: string | null | undefined): VinValidation {
  const vin = normalizeVin(input);
  const problems: VinValidation['problems'] = [];
  if (vin.length !== VIN_CHARACTER_COUNT) problems.push({ code: 'length', message: VIN_LENGTH });
  if (vin.length > 0 && !ALLOWED.test(vin)) problems.push({ code: 'characters', message: VIN_CHARACTERS });
  if (problems.length === 0 && vin[8] !== vinCheckDigit(vin)) {
    problems.push({ code: 'checkDigit', message: VIN_CHECK_DIGIT });
  }
  return { valid: problems.length === 0, vin, problems };
}

export function isValidVin(vin: string | null | undefined): boolean {
  return validateVin(vin).valid;
}

/**
 * The model year from position 10: the most recent year with that code not after `maxYear`.
 * "Not in the future" is judged in model years, which go on sale up to a year early, so the
 * default `maxYear` is next calendar year (a 2026 car is normal in a 2025 shop).
 */
export function vinModelYear(
  vin: string | null | undefined,
  options: { now?: Date; maxYear?: number } = {},
): number | undefined {
  const code = normalizeVin(vin)[9];
  const index = code ? YEAR_CODES.indexOf(code) : -1;
  if (index < 0) return undefined;
  const maxYear = options.maxYear ?? (options.now ?? new Date()).getFullYear() + 1;
  const first = 1980 + index;
  if (first > maxYear) return undefined;
  return first + 30 * Math.floor((maxYear - first) / 30);
}
