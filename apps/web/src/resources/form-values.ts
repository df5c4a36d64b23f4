import type { ResourceDef } from '@glass/domain/resources/define';
import type { ZodType } from 'zod';
import { valueAt } from './list-query';

export type NamePath = (string | number)[];
export interface FieldError {
  name: NamePath;
  errors: string[];
}

/**
 * 'address/line1' (declarations) and 'address.line1' (server problem keys) → ['address', 'line1'];
 * list indexes become numbers ('attributes.0.value' → ['attributes', 0, 'value']) as antd names them.
 */
export const namePath = (key: string): NamePath =>
  key.split(/[/.]/).map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/** Schema keys (top level) of the body. */
const schemaKeys = (def: ResourceDef) => Object.keys(def.schema.shape);

/** A new record starts with each field's schema default (switches on or off, default numbers). */
export function createValues(def: ResourceDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(def.schema.shape as Record<string, ZodType>)) {
    const parsed = field.safeParse(undefined);
    if (parsed.success && parsed.data !== null && typeof parsed.data !== 'object') out[key] = parsed.data;
  }
  return out;
}

/** An existing record's values for the form; write-only secrets start empty. */
export function editValues(def: ResourceDef, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of schemaKeys(def)) {
    const nested = Object.keys(def.properties).filter((k) => k.startsWith(`${key}/`));
    if (nested.length) {
      out[key] = Object.fromEntries(nested.map((k) => [k.split('/')[1], valueAt(row, k) ?? undefined]));
    } else if (!def.properties[key]?.writeOnly) {
      const v = row[key];
      out[key] = v === null ? undefined : v;
    }
  }
  return out;
}

/** The schema's issues as antd field errors (one list per field). */
export function issueFields(issues: readonly { path: PropertyKey[]; message: string }[]): FieldError[] {
  const byKey = new Map<string, FieldError>();
  for (const issue of issues) {
    const name = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
    const key = name.join('.');
    const entry = byKey.get(key) ?? { name, errors: [] };
    entry.errors.push(issue.message);
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}

/** A 400/409 problem's `errors` map as antd field errors. */
export function problemFields(errors: Record<string, string[]> | undefined): FieldError[] {
  return Object.entries(errors ?? {}).map(([key, messages]) => ({ name: namePath(key), errors: messages }));
}

/** Validates the form values with the declaration's schema (the server's own) plus create-only rules. */
export function validateValues(
  def: ResourceDef,
  values: Record<string, unknown>,
  mode: 'create' | 'update',
): { ok: true; body: Record<string, unknown> } | { ok: false; fields: FieldError[] } {
  const parsed = def.schema.safeParse(values);
  const fields = parsed.success ? [] : issueFields(parsed.error.issues);
  if (mode === 'create') {
    for (const key of def.requiredOnCreate ?? []) {
      const v = valueAt(values, key);
      if (v === undefined || v === null || v === '') {
        const label = def.form.find((f) => f.name === key)?.label ?? key;
        fields.push({ name: namePath(key), errors: [`${label} is required`] });
      }
    }
  }
  if (fields.length || !parsed.success) return { ok: false, fields };
  return { ok: true, body: parsed.data as Record<string, unknown> };
}
