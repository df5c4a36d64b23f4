/**
 * The limits of the values PostgreSQL stores, in one place (issue #31 item 5). Every id and whole-number
 * column is `integer` (serial ids included), so a number in a request beyond ±(2^31−1) can never name a
 * row or fit a column; a date must have a year from 0001 (PostgreSQL has no year 0, and a 4-digit year
 * ends at 9999) and a time-zone offset within ±14:00 (the widest in use; PostgreSQL refuses beyond ±15:59).
 *
 * The server applies `findOutOfRange` to every validated path parameter, query parameter and JSON body
 * (apps/server/src/http/value-limits.ts): every number, and every text its route's schema declares a date
 * (`datePaths`), so each such value is a 400 naming its field whatever the route's own schema forgot; the
 * schema helpers below carry the same limits into the contracts (and so into the OpenAPI description and
 * the web forms' rules).
 */
import { z } from 'zod';

/** PostgreSQL `integer`: every id and whole-number column. */
export const INT_MAX = 2_147_483_647;
export const INT_MIN = -2_147_483_648;
/** The widest time-zone offset in use (Kiribati, UTC+14:00), in minutes. */
export const OFFSET_MAX_MINUTES = 14 * 60;

export const TOO_LARGE = `must be at most ${INT_MAX}`;
export const TOO_SMALL = `must be at least ${INT_MIN}`;
export const BAD_YEAR = 'must be a date from year 0001 to 9999';
export const BAD_OFFSET = 'must have a time-zone offset from -14:00 to +14:00';
export const BAD_DATE = 'must be a real calendar date and time';

/**
 * A text that is a date or date-time as written in requests: `2026-01-31`, `2026-01-31T15:00`,
 * `2026-01-31T15:00:00.123Z`, `2026-01-31 15:00:00+05:30`, `…+0530`.
 */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))?)?$/i;

/** What is wrong with a number for PostgreSQL's `integer`, or undefined when it fits. */
export function numberProblem(value: number): string | undefined {
  if (value > INT_MAX) return TOO_LARGE;
  if (value < INT_MIN) return TOO_SMALL;
  return undefined;
}

/** What is wrong with a date text (year 0000, month 13, February 30, offset +23:59), or undefined. */
export function dateProblem(text: string): string | undefined {
  const m = ISO_DATE.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, hh, mm, ss, , sign, oh, om] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year < 1) return BAD_YEAR;
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate();
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (month < 1 || month > 12 || day < 1 || day > (month === 2 && !leap ? 28 : daysInMonth)) return BAD_DATE;
  if (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59)) return BAD_DATE;
  if (sign !== undefined) {
    if (Number(om) > 59) return BAD_OFFSET;
    if (Number(oh) * 60 + Number(om) > OFFSET_MAX_MINUTES) return BAD_OFFSET;
  }
  return undefined;
}

/**
 * The first value PostgreSQL cannot store, with its field path (`id`, `items.0.qty`) and the reason, or
 * undefined: any number beyond `integer`, and any text at a path `isDate` says the schema declared a date
 * or date-time (`items.*.when`: `*` stands for an array index) that is no real date or has an offset
 * beyond ±14:00. Iterative, so deep bodies cannot overflow the stack.
 */
export function findOutOfRange(
  value: unknown,
  isDate: (pattern: string) => boolean = () => false,
): { field: string; message: string } | undefined {
  const stack: [unknown, string, string][] = [[value, '', '']];
  while (stack.length > 0) {
    const [v, at, pattern] = stack.pop() as [unknown, string, string];
    if (typeof v === 'number') {
      const message = numberProblem(v);
      if (message) return { field: at, message };
    } else if (typeof v === 'string') {
      const message = v.length <= 40 && isDate(pattern) ? dateProblem(v) : undefined;
      if (message) return { field: at, message };
    } else if (v && typeof v === 'object' && !(v instanceof Date)) {
      const list = Array.isArray(v);
      for (const [k, child] of Object.entries(v))
        stack.push([child, at ? `${at}.${k}` : k, `${pattern ? `${pattern}.` : ''}${list ? '*' : k}`]);
    }
  }
  return undefined;
}

/**
 * The field paths (`when`, `items.*.at`) a zod schema declares as an ISO date or date-time, through
 * optional, nullable, default, pipes and preprocessing, unions, arrays and objects.
 */
export function datePaths(schema: unknown): Set<string> {
  const out = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown, at: string, depth: number) => {
    if (!node || depth > 12 || seen.has(node)) return;
    const def = (node as { _zod?: { def?: Record<string, any> } })._zod?.def;
    if (!def) return;
    switch (def.type) {
      case 'string':
        if (def.format === 'datetime' || def.format === 'date') out.add(at);
        return;
      case 'object':
        seen.add(node);
        for (const [k, child] of Object.entries(def.shape ?? {}))
          walk(child, at ? `${at}.${k}` : k, depth + 1);
        seen.delete(node);
        return;
      case 'array':
        walk(def.element, at ? `${at}.*` : '*', depth + 1);
        return;
      case 'union':
        for (const option of def.options ?? []) walk(option, at, depth + 1);
        return;
      case 'pipe':
        walk(def.in, at, depth + 1);
        walk(def.out, at, depth + 1);
        return;
      default:
        if (def.innerType) walk(def.innerType, at, depth + 1);
    }
  };
  walk(schema, '', 0);
  return out;
}

/** A whole number that fits an `integer` column, from JSON. */
export const int = (min = INT_MIN, max = INT_MAX) =>
  z
    .number()
    .int('Must be a whole number')
    .min(min, `Must be at least ${min}`)
    .max(max, `Must be at most ${max}`);
/** A row id from JSON: 1 to 2^31−1. */
export const dbId = int(1, INT_MAX);
/** A row id from a path or query string (`/api/Invoices/12`, `?invoiceId=12`): 1 to 2^31−1. */
export const dbIdText = z.coerce
  .number()
  .int('Must be a whole number')
  .positive('Must be a positive id')
  .max(INT_MAX, TOO_LARGE);
/** A date-time text with an offset (`2026-01-31T15:00:00Z`) that PostgreSQL's timestamptz takes. */
export const instantText = z.iso.datetime({ offset: true }).superRefine((v, ctx) => {
  const problem = dateProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
