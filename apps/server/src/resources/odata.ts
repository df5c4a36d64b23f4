import { columnOf, type PropertyDef, type ResourceDef, snakeCase } from '@glass/domain/resources/index';
import { f, out } from '../odata/fields.js';
import type { ODataField, ODataResource } from '../odata/types.js';

/** The table alias every derived query uses; `PropertyDef.sql` expressions refer to it. */
export const ALIAS = 't';

/** SQL identifiers in declarations are trusted, but a typo must fail loudly, not build odd SQL. */
function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain SQL identifier: ${name}`);
  return name;
}

function fieldOf(def: ResourceDef, key: string, p: PropertyDef): ODataField {
  if (p.ref) {
    const via = def.properties[p.ref.via];
    const fk = columnOf(p.ref.via, via);
    if (!fk) throw new Error(`${def.name}.${key}: ref via ${p.ref.via} is not a stored property`);
    const label = (p.ref.label ?? ['name']).map((c) => `r.${ident(c)}`).join(` || ' ' || `);
    return out(`(select ${label} from ${ident(p.ref.table)} r where r.id = ${ALIAS}.${ident(fk)})`, 'string');
  }
  if (p.sql) return f(p.sql, p.type);
  return f(`${ALIAS}.${ident(p.column ?? snakeCase(key))}`, p.type);
}

const cache = new WeakMap<ResourceDef, ODataResource>();

/** The OData whitelist of a declaration: every property except write-only ones. */
export function odataResourceOf(def: ResourceDef): ODataResource {
  const hit = cache.get(def);
  if (hit) return hit;
  const fields: Record<string, ODataField> = {};
  for (const [key, p] of Object.entries(def.properties)) {
    if (!p.writeOnly) fields[key] = fieldOf(def, key, p);
  }
  const resource: ODataResource = {
    name: def.name,
    from: `${ident(def.table)} ${ALIAS}`,
    fields,
    defaultOrderBy: def.defaultOrder.map(([k, dir]) => `${fields[k].sql} ${dir}`).join(', '),
    key: `${ALIAS}.id`,
    defaultTop: 100,
    maxTop: 1000,
    // $search looks where the screen's search box does (the searchTerm parameter, conditions.ts).
    search: def.search ? [...def.search] : undefined,
  };
  cache.set(def, resource);
  return resource;
}
