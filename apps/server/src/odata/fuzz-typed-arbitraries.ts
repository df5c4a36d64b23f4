import fc from 'fast-check';
import { literal, stringLiteral, structuredFilter } from './fuzz-arbitraries.js';
import { expand, orderBy, select } from './fuzz-option-arbitraries.js';
import { children, parents } from './test-fixtures.js';
import type { ODataType } from './types.js';

/** Well-typed queries, so that most of them reach the database. */
const date = fc.date({
  min: new Date('0001-01-01T00:00:00Z'),
  max: new Date('9999-12-30T00:00:00Z'),
  noInvalidDate: true,
});
const LITERALS: Record<ODataType, fc.Arbitrary<string>> = {
  string: stringLiteral,
  number: fc.oneof(
    fc.integer().map(String),
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 }).map(String),
  ),
  boolean: fc.constantFrom('true', 'false'),
  date: date.map((d) => d.toISOString().slice(0, 10)),
  datetime: fc.oneof(
    date.map((d) => d.toISOString()),
    date.map((d) => d.toISOString().slice(0, 10)),
    date.map((d) => `${d.toISOString().slice(0, 19)}-14:00`),
  ),
  guid: fc.oneof(
    fc.uuid(),
    fc.uuid().map((u) => `'${u.toUpperCase()}'`),
  ),
};

const entries = Object.entries(parents.fields);
const filterable = entries.filter(([, f]) => f.filter !== false);
const ofType = (t: ODataType) => filterable.filter(([, f]) => f.type === t).map(([k]) => k);

const comparison = fc.constantFrom(...filterable).chain(([key, f]) =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le'), LITERALS[f.type])
      .map(([op, l]) => `${key} ${op} ${l}`),
    fc.constantFrom(`${key} eq null`, `null ne ${key}`),
    fc
      .array(fc.oneof(LITERALS[f.type], fc.constant('null')), { minLength: 1, maxLength: 4 })
      .map((l) => `${key} in (${l.join(', ')})`),
  ),
);

const functionCall = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('contains', 'startswith', 'endswith'),
      fc.constantFrom(...ofType('string')),
      stringLiteral,
    )
    .map(([fn, f, s]) => `${fn}(${f}, ${s})`),
  fc
    .tuple(fc.constantFrom(...ofType('string')), stringLiteral)
    .map(([f, s]) => `tolower(${f}) eq toupper(${s})`),
  fc
    .tuple(fc.constantFrom(...ofType('string')), LITERALS.number)
    .map(([f, n]) => `length(trim(${f})) ge ${n}`),
  fc
    .tuple(
      fc.constantFrom('year', 'month', 'day'),
      fc.constantFrom(...ofType('date'), ...ofType('datetime')),
      LITERALS.number,
    )
    .map(([fn, f, n]) => `${fn}(${f}) lt ${n}`),
);

export const typedFilter = fc.letrec((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    comparison,
    functionCall,
    fc.constantFrom(...ofType('boolean')),
    fc.tuple(tie('expr'), fc.constantFrom('and', 'or'), tie('expr')).map(([l, op, r]) => `${l} ${op} ${r}`),
    tie('expr').map((e) => `not (${e})`),
    tie('expr').map((e) => `(${e})`),
  ),
})).expr as fc.Arbitrary<string>;

const sortable = entries.filter(([, f]) => f.sort !== false).map(([k]) => k);
const selectable = entries.filter(([, f]) => f.select !== false).map(([k]) => k);
const childKeys = Object.keys(children.fields);

const typedExpand = fc
  .tuple(
    fc.subarray(childKeys, { minLength: 1 }),
    fc.constantFrom(...childKeys),
    fc.nat({ max: 3 }),
    fc.boolean(),
    fc.tuple(fc.constantFrom('message', 'id'), fc.oneof(stringLiteral, LITERALS.number)),
  )
  .map(([sel, ob, top, author, [f, l]]) => {
    const filter =
      f === 'message' && l.startsWith("'") ? `contains(message, ${l})` : `id ne ${l.startsWith("'") ? 1 : l}`;
    const opts = [`$select=${sel.join(',')}`, `$orderby=${ob} desc`, `$top=${top}`, `$filter=${filter}`];
    if (author) opts.push('$expand=author($select=name)');
    return `Children(${opts.join(';')}),owner`;
  });

const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: good, weight: 6 }, { arbitrary: bad, weight: 1 });

export const dbQuery = fc.record(
  {
    $filter: mostly(
      typedFilter,
      fc.oneof(
        structuredFilter,
        literal.map((l) => `id eq ${l}`),
      ),
    ),
    $orderby: mostly(
      fc
        .subarray(sortable, { minLength: 1 })
        .chain((ks) => fc.tuple(...ks.map((k) => fc.constantFrom(k, `${k} desc`))).map((t) => t.join(','))),
      orderBy,
    ),
    $select: mostly(
      fc.subarray(selectable, { minLength: 1 }).map((s) => s.join(',')),
      select,
    ),
    $expand: mostly(typedExpand, expand),
    $top: fc.nat({ max: 12 }).map(String),
    $skip: fc.nat({ max: 12 }).map(String),
    $count: fc.constantFrom('true', 'false'),
  },
  { requiredKeys: ['$filter'] },
);
