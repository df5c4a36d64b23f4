import { ODataError } from './odata-error.js';

export const OPTION_NAMES = ['filter', 'orderby', 'top', 'skip', 'count', 'select', 'expand'] as const;
export type OptionName = (typeof OPTION_NAMES)[number];
/** The system query options as text; absent or blank options are left out. */
export type RawOptions = Partial<Record<OptionName, string>>;

export const MAX_OPTION_LENGTH = 4000;

/**
 * Reads the system query options from a request's query object. Names need the `$` and are
 * matched case-insensitively (`$Filter`); other keys are ignored. An option given twice is an error.
 */
export function readOptions(query: Record<string, unknown>): RawOptions {
  const out: RawOptions = {};
  for (const [key, value] of Object.entries(query ?? {})) {
    if (!key.startsWith('$')) continue;
    const name = key.slice(1).toLowerCase() as OptionName;
    if (!OPTION_NAMES.includes(name)) continue;
    const field = `$${name}`;
    if (Array.isArray(value) && value.length > 1)
      throw new ODataError(`${field} is given more than once`, field);
    const single = Array.isArray(value) ? value[0] : value;
    if (single === undefined || single === null) continue;
    if (typeof single !== 'string' && typeof single !== 'number' && typeof single !== 'boolean') {
      throw new ODataError(`${field} must be text`, field);
    }
    const text = String(single).trim();
    if (text === '') continue;
    if (out[name] !== undefined) throw new ODataError(`${field} is given more than once`, field);
    if (text.length > MAX_OPTION_LENGTH && name !== 'filter') {
      throw new ODataError(`${field} is too long (at most ${MAX_OPTION_LENGTH} characters)`, field);
    }
    out[name] = text;
  }
  return out;
}

/** `$top`: a non-negative integer, capped at the resource's maximum. */
export function parseTop(text: string | undefined, defaultTop: number, maxTop: number): number {
  if (text === undefined) return defaultTop;
  if (!/^\d+$/.test(text)) throw new ODataError(`$top must be a non-negative integer, not '${text}'`, '$top');
  return Math.min(Number(text), maxTop);
}

export function parseSkip(text: string | undefined): number {
  if (text === undefined) return 0;
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new ODataError(`$skip must be a non-negative integer, not '${text}'`, '$skip');
  }
  return Number(text);
}

export function parseCount(text: string | undefined): boolean {
  if (text === undefined) return false;
  const lower = text.toLowerCase();
  if (lower !== 'true' && lower !== 'false')
    throw new ODataError(`$count must be true or false, not '${text}'`, '$count');
  return lower === 'true';
}
