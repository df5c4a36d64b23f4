import fc from 'fast-check';
import { parents } from './test-fixtures.js';

/** Every string literal the fuzzer writes starts with this; it must never reach the SQL text. */
export const MARK = 'Zq9';

const HOSTILE = [
  "'; drop table odt_parent;--",
  '" or 1=1 --',
  "') or ('1'='1",
  '$1',
  '%',
  '_',
  '\\',
  '\\%',
  '/* */',
  ';',
  ')',
  '😀',
  '\u202e',
  'é',
  '\ud800',
  "''",
];

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** A string literal, quoted for OData, whose content always starts with MARK. */
export const stringLiteral = fc
  .tuple(fc.constantFrom('', ...HOSTILE), fc.string({ unit: 'binary', maxLength: 6 }))
  .map(([h, s]) => quote(`${MARK}${h}${s}`.replaceAll('\u0000', '')));

const date = fc.date({
  min: new Date('0001-01-01T00:00:00Z'),
  max: new Date('9999-12-30T00:00:00Z'),
  noInvalidDate: true,
});
const offset = fc.constantFrom('Z', '+05:30', '-14:00', '+00:00', '', 'z', '+14:59');

export const literal = fc.oneof(
  stringLiteral,
  fc.integer().map(String),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc.constantFrom(
    'true',
    'false',
    'null',
    'TRUE',
    '1e999',
    '-0',
    '007',
    '1.5M',
    '2L',
    '1e-400',
    '1e-300',
    '-1.5e10',
  ),
  date.map((d) => d.toISOString().slice(0, 10)),
  fc.tuple(date, offset).map(([d, o]) => d.toISOString().slice(0, 19) + o),
  date.map((d) => d.toISOString()),
  fc.constantFrom(
    '2024-02-30',
    '2024-13-01',
    '0000-01-01',
    '2024-01-01T25:00:00Z',
    '2024-01-01T10:00:00+16:00',
  ),
  fc.uuid().map((u) => (u.length % 2 ? u.toUpperCase() : u)),
  fc.uuid().map(quote),
);

export const fieldName = fc.constantFrom(
  ...Object.keys(parents.fields),
  'ID',
  'OpenDateTime',
  'VEHICLE/YEAR',
  'Contact/Name',
  'nope',
  'children',
  'vehicle',
  'and',
  'eq',
);

const fnName = fc.constantFrom(
  'contains',
  'startswith',
  'endswith',
  'tolower',
  'toupper',
  'length',
  'trim',
  'year',
  'month',
  'day',
  'substringof',
  'CONTAINS',
);
export const cmpOp = fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le', 'EQ', 'Ne');

/** Filters drawn from the grammar: mostly well-formed, often ill-typed. */
export const structuredFilter = fc.letrec((tie) => ({
  operand: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    fieldName,
    literal,
    fc
      .tuple(fnName, fc.array(tie('operand'), { minLength: 1, maxLength: 2 }))
      .map(([f, a]) => `${f}(${a.join(', ')})`),
  ),
  expr: fc.oneof(
    { depthSize: 'small', maxDepth: 5 },
    fc.tuple(tie('operand'), cmpOp, tie('operand')).map(([l, op, r]) => `${l} ${op} ${r}`),
    fc
      .tuple(fieldName, fc.array(literal, { minLength: 1, maxLength: 4 }))
      .map(([f, l]) => `${f} in (${l.join(', ')})`),
    tie('operand'),
    fc
      .tuple(tie('expr'), fc.constantFrom('and', 'or', 'AND'), tie('expr'))
      .map(([l, op, r]) => `${l} ${op} ${r}`),
    tie('expr').map((e) => `not ${e}`),
    tie('expr').map((e) => `(${e})`),
  ),
})).expr as fc.Arbitrary<string>;

const TOKENS = [
  '(',
  ')',
  ',',
  "'",
  "''",
  'eq',
  'and',
  'or',
  'not',
  'in',
  'null',
  '/',
  '-',
  '.',
  ';',
  '$',
  '%',
  '\\',
  '"',
  '@',
];

/** Random runs of grammar tokens, fields and literals. */
export const tokenSoup = fc
  .tuple(
    fc.array(fc.oneof(fc.constantFrom(...TOKENS), fieldName, literal, fnName), { maxLength: 25 }),
    fc.boolean(),
  )
  .map(([ts, spaced]) => ts.join(spaced ? ' ' : ''));

export const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
);
