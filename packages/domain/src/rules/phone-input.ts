/**
 * Phone helpers. The top-bar quick phone input (spec 1 §5) accepts only digits with an optional
 * minus and decimal point, max length 11, and looks the phone up once at least 4 characters are
 * typed. Phone search matches the last digits of the given length (spec 1 §5 "Global search").
 */
import { QUICK_PHONE_LOOKUP_MIN_CHARS, QUICK_PHONE_MAX_LENGTH } from '../constants.js';

/** Optional leading minus, digits, at most one decimal point. */
const QUICK_PHONE_PATTERN = /^-?\d*\.?\d*$/;

export function isQuickPhoneInputAllowed(value: string): boolean {
  return value.length <= QUICK_PHONE_MAX_LENGTH && QUICK_PHONE_PATTERN.test(value);
}

/**
 * Cleans typed or pasted text into what the field accepts: drops other characters, keeps a minus
 * only in front and the first decimal point, then cuts to 11 characters.
 */
export function sanitizeQuickPhoneInput(raw: string): string {
  let out = '';
  let dot = false;
  for (const ch of raw) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '-' && out === '') out = '-';
    else if (ch === '.' && !dot) {
      out += '.';
      dot = true;
    }
  }
  return out.slice(0, QUICK_PHONE_MAX_LENGTH);
}

export function shouldLookupPhone(value: string): boolean {
  return value.length >= QUICK_PHONE_LOOKUP_MIN_CHARS;
}

/** Digits only, the form phones are stored and compared in. */
export function normalizePhone(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value).replace(/\D/g, '');
}

/** The last `length` digits of a phone; the whole number when it is shorter. */
export function phoneSuffix(phone: string | null | undefined, length: number): string {
  const digits = normalizePhone(phone);
  return length <= 0 ? '' : digits.slice(-length);
}

/** "A phone search matches the last digits of the given length." An empty query matches nothing. */
export function phoneMatches(phone: string | null | undefined, query: string | null | undefined): boolean {
  const q = normalizePhone(query);
  if (!q) return false;
  return normalizePhone(phone).endsWith(q);
}
