import { can } from '@glass/domain';
import type { ResourceDef } from '@glass/domain/resources/index';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/sessions.js';
import { badRequest } from '../http/errors.js';
import { odataResourceOf } from './odata.js';
import { likeContains } from '../odata/index.js';

/** A query parameter read case-insensitively (`IsActive`, `isactive`, `isActive`). */
export function param(query: Record<string, unknown>, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (k.toLowerCase() !== lower) continue;
    const single = Array.isArray(v) ? v[0] : v;
    if (single === undefined || single === null || String(single).trim() === '') return undefined;
    return String(single).trim();
  }
  return undefined;
}

/** Typed equality on one whitelisted property; a value of the wrong type is a 400 on that parameter. */
export function equals(def: ResourceDef, key: string, raw: string | number | boolean, name = key): SQL {
  const field = odataResourceOf(def).fields[key];
  const type = def.properties[key].type;
  let value: string | number | boolean = raw;
  if (type === 'boolean' && typeof raw === 'string') {
    if (!/^(true|false)$/i.test(raw)) throw badRequest(name, `${name} must be true or false`);
    value = raw.toLowerCase() === 'true';
  } else if (type === 'number' && typeof raw === 'string') {
    if (!/^-?\d+(\.\d+)?$/.test(raw)) throw badRequest(name, `${name} must be a number`);
    value = Number(raw);
  }
  return sql`(${sql.raw(field.sql)}) = ${value}`;
}

/** `searchTerm` matches any search property, case-insensitively. */
export function searchCondition(def: ResourceDef, term: string | undefined): SQL | undefined {
  if (!term || !def.search?.length) return undefined;
  if (term.length > 200) throw badRequest('searchTerm', 'searchTerm is too long');
  const pattern = likeContains(term);
  const fields = odataResourceOf(def).fields;
  return sql`(${sql.join(
    def.search.map((k) => sql`(${sql.raw(fields[k].sql)}) ilike ${pattern}`),
    sql` or `,
  )})`;
}

/** Rows the user may not see (adminOnly options for a Manager). */
export function restriction(def: ResourceDef, user: SessionUser): SQL | undefined {
  const r = def.restrictedBy;
  if (!r || can(user.userRoleId, r.action)) return undefined;
  const field = odataResourceOf(def).fields[r.property];
  return sql`(${sql.raw(field.sql)}) is not true`;
}

/** The list route's scoping: declared filters as plain parameters, the search term, the restriction. */
export function listConditions(
  def: ResourceDef,
  query: Record<string, unknown>,
  user: SessionUser,
): SQL | undefined {
  const parts: SQL[] = [];
  for (const filter of def.filters ?? []) {
    const v = param(query, filter.key);
    if (v !== undefined) parts.push(equals(def, filter.key, v));
  }
  const search = searchCondition(def, param(query, 'searchTerm'));
  if (search) parts.push(search);
  const hidden = restriction(def, user);
  if (hidden) parts.push(hidden);
  return parts.length ? sql.join(parts, sql` and `) : undefined;
}
