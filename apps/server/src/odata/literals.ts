import { syntaxError } from './odata-error.js';

const INT8_MAX = 9223372036854775807n;
const INT8_MIN = -9223372036854775808n;

export interface NumberLiteral {
  /** The literal without any type suffix, bound as a text parameter to keep full precision. */
  text: string;
  /** Integer within the bigint range: cast `::bigint` (index-friendly against any integer column). */
  bigint: boolean;
}

/** Validates a lexed number; rejects values a double precision column could not compare with. */
export function numberLiteral(raw: string, field: string, pos: number): NumberLiteral {
  const text = raw.replace(/[LlMmDdFf]$/, '');
  if (text.length > 100) throw syntaxError(field, pos, 'number literal is too long');
  const n = Number(text);
  if (!Number.isFinite(n)) throw syntaxError(field, pos, `number ${text} is out of range`);
  const hasDigit = /[1-9]/.test(text.replace(/[eE].*$/, ''));
  if (hasDigit && Math.abs(n) < 1e-300) throw syntaxError(field, pos, `number ${text} is out of range`);
  if (/^-?\d+$/.test(text)) {
    const b = BigInt(text);
    if (b <= INT8_MAX && b >= INT8_MIN) return { text, bigint: true };
  }
  return { text, bigint: false };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** `yyyy-mm-dd`, a real calendar day in years 1..9999. */
export function dateLiteral(raw: string, field: string, pos: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (!m) throw syntaxError(field, pos, `invalid date '${raw}'`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) {
    throw syntaxError(field, pos, `invalid date '${raw}'`);
  }
  return raw;
}

const DATETIME =
  /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|z|[+\- ]\d{2}:\d{2})?$/;

/**
 * ISO 8601 date-time; the offset defaults to UTC when missing. A space in place of '+' in the
 * offset is accepted because an unencoded '+' in a query string arrives as a space.
 */
export function dateTimeLiteral(raw: string, field: string, pos: number): string {
  const m = DATETIME.exec(raw);
  if (!m) throw syntaxError(field, pos, `invalid date-time '${raw}'`);
  dateLiteral(m[1], field, pos);
  const [h, mi, s] = [Number(m[2]), Number(m[3]), Number(m[4] ?? '0')];
  if (h > 23 || mi > 59 || s > 59) throw syntaxError(field, pos, `invalid date-time '${raw}'`);
  let offset = m[6] ?? 'Z';
  if (offset === 'z') offset = 'Z';
  if (offset.startsWith(' ')) offset = `+${offset.slice(1)}`;
  if (offset !== 'Z' && (Number(offset.slice(1, 3)) > 14 || Number(offset.slice(4, 6)) > 59)) {
    throw syntaxError(field, pos, `invalid time zone offset in '${raw}'`);
  }
  const frac = m[5] ? `.${m[5]}` : '';
  return `${m[1]}T${m[2]}:${m[3]}:${m[4] ?? '00'}${frac}${offset}`;
}

export const GUID_PATTERN = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** Escapes LIKE wildcards so the user's text matches literally (used with ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** LIKE pattern matching text that contains `text` literally. */
export const likeContains = (text: string) => `%${escapeLike(text)}%`;
/** LIKE pattern matching text that starts with `text` literally (an index range scan). */
export const likePrefix = (text: string) => `${escapeLike(text)}%`;
