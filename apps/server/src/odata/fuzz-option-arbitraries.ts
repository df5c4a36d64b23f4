import fc from 'fast-check';
import { cmpOp, fieldName, literal, stringLiteral, tokenSoup } from './fuzz-arbitraries.js';
import { parents } from './test-fixtures.js';

/** Random $orderby, $select and $expand values: mostly near the grammar, some token soup. */
export const orderBy = fc.oneof(
  fc
    .array(fc.tuple(fieldName, fc.constantFrom('', ' asc', ' desc', ' DESC', ' up', ' asc asc')), {
      minLength: 1,
      maxLength: 4,
    })
    .map((items) => items.map(([f, d]) => f + d).join(',')),
  tokenSoup,
);

export const select = fc.oneof(
  fc
    .array(
      fc.constantFrom(
        ...Object.keys(parents.fields),
        '*',
        'vehicle',
        'CONTACT',
        'children',
        '',
        ' id ',
        "id'--",
        'secret',
        'nope',
      ),
      {
        minLength: 1,
        maxLength: 5,
      },
    )
    .map((items) => items.join(',')),
  tokenSoup,
);

const childField = fc.constantFrom('id', 'parentId', 'message', 'sentAt', 'MESSAGE', 'nope');
const childFilter = fc.oneof(
  fc.tuple(childField, cmpOp, literal).map(([f, op, l]) => `${f} ${op} ${l}`),
  fc
    .tuple(fc.constantFrom('contains', 'startswith'), childField, stringLiteral)
    .map(([fn, f, s]) => `${fn}(${f}, ${s})`),
  tokenSoup,
);
const childOption = fc.oneof(
  fc.array(childField, { minLength: 1, maxLength: 3 }).map((f) => `$select=${f.join(',')}`),
  childFilter.map((f) => `$filter=${f}`),
  fc.tuple(childField, fc.constantFrom('', ' desc')).map(([f, d]) => `$orderby=${f}${d}`),
  fc.constantFrom(
    '$top=2',
    '$top=0',
    '$top=-1',
    '$skip=1',
    '$count=true',
    '$expand=author',
    '$expand=author($select=name)',
    '$levels=2',
    '$expand=nope',
    'junk',
  ),
);

export const expand = fc.oneof(
  fc
    .array(
      fc.tuple(
        fc.constantFrom('children', 'Children', 'owner', 'author', 'nope'),
        fc.option(fc.array(childOption, { maxLength: 3 }), { nil: undefined }),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((items) => items.map(([n, opts]) => (opts ? `${n}(${opts.join(';')})` : n)).join(',')),
  tokenSoup,
);
