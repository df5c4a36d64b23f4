import { sameExpr } from '../../odata/resource-index.js';
import type { ODataField, ODataResource, ODataType } from '../../odata/types.js';
import type { EntitySet } from './entity-sets.js';
import type { NumberTypes } from './number-types.js';

/** The schema namespace of every type in $metadata. */
export const NAMESPACE = 'Glass';
const CONTAINER = 'Container';

const EDM: Record<ODataType, string> = {
  string: 'Edm.String',
  number: 'Edm.Decimal',
  boolean: 'Edm.Boolean',
  date: 'Edm.Date',
  datetime: 'Edm.DateTimeOffset',
  guid: 'Edm.Guid',
};

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A declared key → the name of a type nested under `owner` ("Invoices_vehicleDetails"). */
const nested = (owner: string, name: string) => `${owner}_${name}`;

interface Types {
  entities: string[];
  complexes: string[];
  numbers: NumberTypes;
}

/**
 * Edm type of one field. A number is the integer type of its SQL expression's type (smallint, integer,
 * bigint → Edm.Int16/32/64: ids, counts), as the database reports it (number-types.ts); other numbers (money,
 * ratings, numeric) are Edm.Decimal (Scale variable). Output-only fields built as JSON objects or arrays are
 * Edm.Untyped.
 */
function edmType(field: ODataField, numbers: NumberTypes): string {
  if (field.type === 'number') return numbers.get(field) ?? EDM.number;
  if (field.type === 'string' && /json_(build_object|agg)/.test(field.sql)) return 'Edm.Untyped';
  return EDM[field.type];
}

function property(name: string, field: ODataField, isKey: boolean, numbers: NumberTypes): string {
  const type = edmType(field, numbers);
  const facets =
    type === 'Edm.Decimal' ? ' Scale="variable"' : type === 'Edm.DateTimeOffset' ? ' Precision="6"' : '';
  const nullable = isKey || field.notNull ? ' Nullable="false"' : '';
  return `<Property Name="${xml(name)}" Type="${type}"${nullable}${facets}/>`;
}

/** The properties of one level of a resource's field paths, complex types for groups ("vehicle/year"). */
function structural(
  resource: ODataResource,
  typeName: string,
  prefix: string,
  keys: Set<string>,
  types: Types,
): string[] {
  const { numbers } = types;
  const out: string[] = [];
  const groups = new Map<string, true>();
  for (const [path, field] of Object.entries(resource.fields)) {
    if (field.select === false || !path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash < 0) {
      out.push(property(rest, field, keys.has(path), numbers));
      continue;
    }
    const group = rest.slice(0, slash);
    if (groups.has(group)) continue;
    groups.set(group, true);
    const complex = nested(typeName, group);
    const props = structural(resource, complex, `${prefix}${group}/`, keys, types);
    types.complexes.push(`<ComplexType Name="${xml(complex)}">${props.join('')}</ComplexType>`);
    out.push(`<Property Name="${xml(group)}" Type="${NAMESPACE}.${xml(complex)}"/>`);
  }
  return out;
}

/** The field paths that hold the resource's key, or undefined when a key column is not a top-level field. */
function keyFields(resource: ODataResource): string[] | undefined {
  const exprs = resource.key.split(',').map((k) => k.trim());
  const found = exprs.map(
    (expr) =>
      Object.entries(resource.fields).find(
        ([path, f]) => !path.includes('/') && f.select !== false && sameExpr(f.sql, expr),
      )?.[0],
  );
  return found.every((k) => k !== undefined) ? (found as string[]) : undefined;
}

/**
 * One entity type (and the complex and entity types below it) for a resource. A resource whose key is
 * not among its selectable fields has no OData identity: it is described as a complex type instead.
 */
function describe(resource: ODataResource, typeName: string, types: Types): 'entity' | 'complex' {
  const key = keyFields(resource);
  const props = structural(resource, typeName, '', new Set(key ?? []), types);
  for (const [nav, expand] of Object.entries(resource.expand ?? {})) {
    const child = nested(typeName, nav);
    const kind = describe(expand.resource, child, types);
    const type = expand.many ? `Collection(${NAMESPACE}.${child})` : `${NAMESPACE}.${child}`;
    if (kind === 'entity') props.push(`<NavigationProperty Name="${xml(nav)}" Type="${xml(type)}"/>`);
    else props.push(`<Property Name="${xml(nav)}" Type="${xml(type)}"/>`);
  }
  if (!key) {
    types.complexes.push(`<ComplexType Name="${xml(typeName)}">${props.join('')}</ComplexType>`);
    return 'complex';
  }
  const keyXml = `<Key>${key.map((k) => `<PropertyRef Name="${xml(k)}"/>`).join('')}</Key>`;
  types.entities.push(`<EntityType Name="${xml(typeName)}">${keyXml}${props.join('')}</EntityType>`);
  return 'entity';
}

/**
 * The CSDL XML document (OData 4.0 CSDL, EDMX 4.0) of these entity sets: one entity type per set, named
 * like the set, with its selectable fields (groups of paths as complex types) and expansions (navigation
 * properties to entity types named `<Set>_<navigation>`). Read-only: no actions, no annotations.
 */
export function csdl(sets: readonly EntitySet[], numbers: NumberTypes): string {
  const types: Types = { entities: [], complexes: [], numbers };
  const entitySets: string[] = [];
  for (const set of sets) {
    if (describe(set.resource, set.name, types) !== 'entity') continue;
    entitySets.push(`<EntitySet Name="${xml(set.name)}" EntityType="${NAMESPACE}.${xml(set.name)}"/>`);
  }
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">' +
    '<edmx:DataServices>' +
    `<Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="${NAMESPACE}">` +
    types.entities.join('') +
    types.complexes.join('') +
    `<EntityContainer Name="${CONTAINER}">${entitySets.join('')}</EntityContainer>` +
    '</Schema></edmx:DataServices></edmx:Edmx>'
  );
}

/**
 * The service document (OData JSON Format §5): the entity sets and where they are, relative to the root.
 * Every set answers at its name (http/odata-route.ts rewriteODataUrl sends it to its route), so that is its URL.
 */
export function serviceDocument(sets: readonly EntitySet[], metadataUrl: string): string {
  return JSON.stringify({
    '@odata.context': metadataUrl,
    value: sets.map((s) => ({ name: s.name, kind: 'EntitySet', url: s.name })),
  });
}
