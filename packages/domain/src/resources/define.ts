/**
 * The shape of a resource declaration (ARCHITECTURE.md "Declare once"). One declaration per admin
 * entity says everything both halves need: the server derives its OData whitelist, list, get,
 * create and update routes, validation and role checks; the web derives the tabbed list screen,
 * its filters, search box, CSV export and the create/edit form. See docs/resources.md.
 */
import type { z } from 'zod';
import type { Action } from '../actions.js';
import type { EnumOption } from '../enum-helpers.js';

export type PropertyType = 'string' | 'number' | 'boolean' | 'datetime';

/**
 * One property of the list rows. Keys are OData paths (`address/line1` is sent as
 * `{address: {line1}}`). By default a property is a column of the resource's table named by the
 * snake_case of its last path segment.
 */
export interface PropertyDef {
  type: PropertyType;
  /** The table column when it is not the snake_case of the key. */
  column?: string;
  /** A name looked up in another table through a foreign key property; output only. */
  ref?: { table: string; via: string; label?: readonly string[] };
  /** Output only: a trusted SQL expression over the table alias `t` (aggregates, counts). */
  sql?: string;
  /** Accepted on create and update, never selected nor sent back (passwords). */
  writeOnly?: boolean;
  /** Stored encrypted (a write-only secret the server must be able to read back, e.g. SMTP). */
  encrypted?: boolean;
  /** Sent back, never written from a request body (the id). */
  readOnly?: boolean;
}

/** Where a select's options come from: a GET path answering an array or an OData page of rows. */
export interface LookupSource {
  path: string;
  /** Row keys joined with a space to make the label; default `['name']`. */
  label?: readonly string[];
  /** Row key of the value; default `id`. */
  value?: string;
}

/** `phone`: a phone number as people read it (rules/phone-format.ts), e.g. (832) 555-0199. */
export type CellFormat = 'text' | 'number' | 'money' | 'boolean' | 'datetime' | 'flag' | 'state' | 'phone';

export interface ColumnDef {
  /** Property key. */
  key: string;
  title: string;
  format?: CellFormat;
  /** `flag`: the tag shown when the value is true (e.g. 'Inactive'). */
  flagText?: string;
  /** Defaults to true for properties the server can sort on. */
  sortable?: boolean;
  width?: number;
}

export interface FilterDef {
  /** Property key; also the plain query parameter the list route accepts (`?isActive=true`). */
  key: string;
  label: string;
  kind: 'boolean' | 'select' | 'lookup';
  options?: readonly EnumOption<string | number>[];
  lookup?: LookupSource;
  /** The value the screen starts with; absent means no filter. */
  initial?: string | number | boolean;
}

export type Widget =
  | 'text'
  | 'textarea'
  | 'number'
  | 'money'
  | 'switch'
  | 'password'
  | 'email'
  | 'phone'
  | 'state'
  | 'select'
  | 'lookup';

export interface FormFieldDef {
  /** Property key, or a schema-only key such as `confirmPassword`. */
  name: string;
  label: string;
  widget: Widget;
  options?: readonly EnumOption<string | number>[];
  lookup?: LookupSource;
  /** Shows the required marker; the rule itself is the schema's. */
  required?: boolean;
  help?: string;
}

/** A plain-array list the spec names beside the OData list (droplists, REST gets). */
export interface ArrayListDef {
  path: string;
  /** Properties returned; default every readable property. */
  select?: readonly string[];
  /** Fixed conditions, property → value. */
  where?: Readonly<Record<string, string | number | boolean>>;
  /** Optional query parameters, parameter → property (equality). */
  query?: Readonly<Record<string, string>>;
  /** Role matrix action; `null` lets every signed-in user read it (session start-up lists). */
  action?: Action | null;
}

export interface ResourceApi {
  /** POST {base} creates, PUT {base}/{id} updates, GET {base}/{id} reads one. */
  base: string;
  /** The OData list: declared filters as plain parameters, `searchTerm`, `$orderby/$top/$skip/$count`. */
  list: string;
  arrays?: readonly ArrayListDef[];
}

export type OrderBy = readonly (readonly [key: string, dir: 'asc' | 'desc'])[];

export interface ResourceDef<S extends z.ZodObject = z.ZodObject> {
  /** Stable identifier, used as the query key and in tests. */
  name: string;
  /** Plural title: the tab label. */
  title: string;
  /** Singular: form titles and activity log entries. */
  singular: string;
  /** The screen route whose tabs include this list. */
  route: string;
  /** The table (trusted SQL identifier). */
  table: string;
  properties: Readonly<Record<string, PropertyDef>>;
  /** The create and update body. Cross-field rules belong in its superRefine. */
  schema: S;
  /** Keys the schema may leave empty on update (keep the stored value) but not on create. */
  requiredOnCreate?: readonly string[];
  defaultOrder: OrderBy;
  columns: readonly ColumnDef[];
  /** Properties the search box matches (case-insensitive contains). */
  search?: readonly string[];
  filters?: readonly FilterDef[];
  form: readonly FormFieldDef[];
  /** `null`: every signed-in user may read. */
  read: Action | null;
  /** Absent: a read-only list. */
  write?: Action;
  /** Rows where this boolean property is true are seen, edited and created only with the action. */
  restrictedBy?: { property: string; action: Action };
  api: ResourceApi;
  /** The list failure toast (spec 2 §8). */
  failedToGet: string;
  /** A valid create body: documentation, and the generic API test creates it. */
  example: Readonly<Record<string, unknown>>;
}

/** Identity with inference, so each declaration keeps its schema's type. */
export function defineResource<S extends z.ZodObject>(def: ResourceDef<S>): ResourceDef<S> {
  return def;
}

/** `repair1Rate` → `repair1_rate`, `address/line1` → `line1`. */
export function snakeCase(key: string): string {
  const last = key.split('/').pop() ?? key;
  return last.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** The table column of a stored property (undefined for refs and computed values). */
export function columnOf(key: string, p: PropertyDef): string | undefined {
  if (p.ref || p.sql) return undefined;
  return p.column ?? snakeCase(key);
}

export function isWritable(p: PropertyDef): boolean {
  return !p.readOnly && !p.ref && !p.sql;
}

/** Reads `a/b` out of `{a: {b}}`. */
export function valueAt(obj: Record<string, unknown> | undefined, key: string): unknown {
  let cur: unknown = obj;
  for (const part of key.split('/')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}
