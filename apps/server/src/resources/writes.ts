import { columnOf, isWritable, type ResourceDef, valueAt } from '@glass/domain/resources/index';
import { validationFailed, zodErrors } from '../http/errors.js';
import { encryptSecret } from './secrets.js';

export interface WritableField {
  key: string;
  column: string;
  label: string;
  secret: boolean;
}

/** The label a user knows a field by: its form label, else its key. */
export function labelOf(def: ResourceDef, key: string): string {
  return def.form.find((f) => f.name === key)?.label ?? key;
}

export function writableFields(def: ResourceDef): WritableField[] {
  return Object.entries(def.properties)
    .filter(([, p]) => isWritable(p))
    .map(([key, p]) => ({
      key,
      column: columnOf(key, p) as string,
      label: labelOf(def, key),
      secret: !!(p.writeOnly || p.encrypted),
    }));
}

/** Field → column and label, for naming the field of a database constraint error. */
export function constraintFields(def: ResourceDef) {
  return Object.fromEntries(writableFields(def).map((w) => [w.key, { column: w.column, label: w.label }]));
}

/** Validates a create or update body with the declaration's schema: 400 with the field messages. */
export function parseBody(
  def: ResourceDef,
  body: unknown,
  mode: 'create' | 'update',
): Record<string, unknown> {
  const parsed = def.schema.safeParse(body ?? {});
  if (!parsed.success) throw validationFailed(zodErrors(parsed.error));
  const value = parsed.data as Record<string, unknown>;
  if (mode === 'create') {
    const missing: Record<string, string[]> = {};
    for (const key of def.requiredOnCreate ?? []) {
      const v = valueAt(value, key);
      if (v === null || v === undefined || v === '') missing[key] = [`${labelOf(def, key)} is required`];
    }
    if (Object.keys(missing).length) throw validationFailed(missing);
  }
  return value;
}

/**
 * Column → value of a parsed body. Secrets are encrypted; an empty secret on update keeps the
 * stored one (the form never receives it, so it cannot send it back).
 */
export function columnValues(
  def: ResourceDef,
  value: Record<string, unknown>,
  mode: 'create' | 'update',
  pepper: string,
): { column: string; key: string; value: unknown; secret: boolean }[] {
  const out: { column: string; key: string; value: unknown; secret: boolean }[] = [];
  for (const w of writableFields(def)) {
    let v = valueAt(value, w.key);
    if (v === undefined) v = null;
    if (w.secret) {
      if (v === null || v === '') {
        if (mode === 'update') continue;
      } else {
        v = encryptSecret(String(v), pepper);
      }
    }
    out.push({ column: w.column, key: w.key, value: v, secret: w.secret });
  }
  return out;
}
