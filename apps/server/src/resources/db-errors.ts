import { conflict, HttpError, validationFailed } from '../http/errors.js';

interface PgError {
  code: string;
  constraint?: string;
  detail?: string;
}

/** The PostgreSQL error behind a Drizzle or driver error, if any. */
export function pgErrorOf(e: unknown): PgError | undefined {
  let cur: any = e;
  for (let i = 0; cur && i < 4; i++, cur = cur.cause) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) return cur as PgError;
  }
  return undefined;
}

/**
 * Unique and foreign key violations become readable 409/400 answers naming the field, found by the
 * column that the constraint name carries (`materials_name_uq`, `brands_parent_id_brands_id_fk`).
 */
export function translateDbError(
  e: unknown,
  fields: Record<string, { column: string; label: string }>,
): never {
  const pg = pgErrorOf(e);
  const constraint = pg?.constraint ?? pg?.detail ?? '';
  const field = Object.entries(fields)
    .filter(([, f]) => constraint.includes(f.column))
    .sort((a, b) => b[1].column.length - a[1].column.length)[0];
  if (pg?.code === '23505') {
    const msg = field ? `${field[1].label} is already used by another record` : 'This record already exists';
    const err = conflict(msg);
    throw new HttpError(409, err.title, msg, { [field?.[0] ?? 'body']: [msg] });
  }
  if (pg?.code === '23503') {
    const msg = field ? `${field[1].label} does not exist` : 'A referenced record does not exist';
    throw validationFailed({ [field?.[0] ?? 'body']: [msg] });
  }
  throw e;
}
