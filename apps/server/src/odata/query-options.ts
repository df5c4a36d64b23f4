import { notImplemented, ODataError } from './odata-error.js';

export const OPTION_NAMES = [
  'filter',
  'orderby',
  'top',
  'skip',
  'count',
  'select',
  'expand',
  'search',
  'skiptoken',
] as const;
export type OptionName = (typeof OPTION_NAMES)[number];
/** The system query options as text; absent or blank options are left out. */
export type RawOptions = Partial<Record<OptionName, string>>;

/**
 * OData system query options (Part 2 §5) that this engine does not implement: a request with one is
 * answered 501 Not Implemented rather than with a list that silently ignores it.
 */
export const NOT_IMPLEMENTED_OPTIONS = [
  'apply',
  'compute',
  'levels',
  'schemaversion',
  'index',
  'deltatoken',
  'id',
] as const;

export const MAX_OPTION_LENGTH = 4000;

/** Whether an option name (without `$`, any case) is one the engine reads, one OData has that it does not, or neither. */
export function optionKind(name: string): 'supported' | 'unsupported' | 'unknown' {
  const lower = name.toLowerCase();
  if ((OPTION_NAMES as readonly string[]).includes(lower)) return 'supported';
  if ((NOT_IMPLEMENTED_OPTIONS as readonly string[]).includes(lower) || lower === 'format')
    return 'unsupported';
  return 'unknown';
}

/**
 * `$format`: only JSON is answered (`json`, or `application/json` with minimal or no metadata, numbers as
 * numbers); any other format is 501.
 */
export function checkFormat(text: string): void {
  const [type, ...params] = text.split(';').map((p) => p.trim().toLowerCase());
  let ok = type === 'json' ? params.length === 0 : type === 'application/json';
  for (const p of params) {
    const [name, value = ''] = p.split('=').map((x) => x.trim());
    if ((name === 'odata.metadata' || name === 'metadata') && !['minimal', 'none'].includes(value))
      ok = false;
    if (name === 'ieee754compatible' && value !== 'false') ok = false;
  }
  if (!ok) {
    throw notImplemented(
      '$format',
      `$format '${text.slice(0, 100)}' is not supported: lists are answered as JSON (json or application/json)`,
    );
  }
}

/**
 * Reads the system query options from a request's query object. Names need the `$` and are matched
 * case-insensitively (`$Filter`); keys without `$` are the route's own parameters and left alone. An
 * option given twice is an error; an OData option the engine does not implement is 501, and any other
 * `$` name is 400 (Part 2 §5).
 */
export function readOptions(query: Record<string, unknown>): RawOptions {
  const out: RawOptions = {};
  let format: string | undefined;
  for (const [key, value] of Object.entries(query ?? {})) {
    if (!key.startsWith('$')) continue;
    const lower = key.slice(1).toLowerCase();
    const kind = optionKind(lower);
    const shown = key.length > 40 ? `${key.slice(0, 40)}…` : key;
    if (kind === 'unknown') throw new ODataError(`Unknown system query option '${shown}'`, shown);
    const field = `$${lower}`;
    if (kind === 'unsupported' && lower !== 'format') {
      throw notImplemented(field, `${field} is not supported by this service`);
    }
    if (Array.isArray(value) && value.length > 1)
      throw new ODataError(`${field} is given more than once`, field);
    const single = Array.isArray(value) ? value[0] : value;
    if (single === undefined || single === null) continue;
    if (typeof single !== 'string' && typeof single !== 'number' && typeof single !== 'boolean') {
      throw new ODataError(`${field} must be text`, field);
    }
    const text = String(single).trim();
    if (text === '') continue;
    if (text.length > MAX_OPTION_LENGTH && lower !== 'filter') {
      throw new ODataError(`${field} is too long (at most ${MAX_OPTION_LENGTH} characters)`, field);
    }
    if (lower === 'format') {
      if (format !== undefined) throw new ODataError(`${field} is given more than once`, field);
      format = text;
      checkFormat(text);
      continue;
    }
    const name = lower as OptionName;
    if (out[name] !== undefined) throw new ODataError(`${field} is given more than once`, field);
    out[name] = text;
  }
  return out;
}

/**
 * `$top`: a non-negative integer, the client's limit on the whole result (Part 1 §11.2.6.3), or undefined
 * when absent. The server pages within it (plan.ts pageSize); a limit past 2^53 is no limit.
 */
export function parseTop(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new ODataError(`$top must be a non-negative integer, not '${text}'`, '$top');
  return Math.min(Number(text), Number.MAX_SAFE_INTEGER);
}

/**
 * The page size a client asks for in `Prefer: odata.maxpagesize=N` (Part 1 §8.2.8.3; `maxpagesize` without
 * the prefix, as 4.01 allows), or undefined. Preferences are hints: a missing, zero or malformed value is
 * ignored, as is every other preference in the header.
 */
export function preferredPageSize(prefer: string | string[] | undefined): number | undefined {
  const text = Array.isArray(prefer) ? prefer.join(',') : prefer;
  if (!text) return undefined;
  for (const part of text.split(',')) {
    const [name, value = ''] = part
      .split(';')[0]
      .split('=')
      .map((x) => x.trim());
    if (!/^(odata\.)?maxpagesize$/i.test(name)) continue;
    const digits = value.replace(/^"(.*)"$/, '$1');
    if (/^\d{1,15}$/.test(digits) && Number(digits) > 0) return Number(digits);
    return undefined;
  }
  return undefined;
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
