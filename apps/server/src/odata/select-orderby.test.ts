import { describe, expect, it } from 'vitest';
import { ODataError } from './odata-error.js';
import { resolveOrderBy } from './orderby.js';
import { indexResource } from './resource-index.js';
import { resolveSelect } from './select.js';
import { children, parents } from './test-fixtures.js';

const index = indexResource(parents);

describe('$select', () => {
  it('returns every selectable field by default, in declaration order', () => {
    expect(resolveSelect(undefined, index)).not.toContain('secret');
    expect(resolveSelect(undefined, index)).toContain('note');
  });

  it('resolves names case-insensitively, groups, * and navigations', () => {
    expect(resolveSelect('NAME, id', index)).toEqual(['id', 'name']);
    expect(resolveSelect('vehicle,contact/NAME', index)).toEqual([
      'vehicle/year',
      'vehicle/make',
      'contact/name',
    ]);
    expect(resolveSelect('*', index)).toEqual(resolveSelect(undefined, index));
    expect(resolveSelect('id,Children', index)).toEqual(['id']);
  });

  it.each([
    ['id,nope', "Unknown property 'nope' in $select"],
    ['secret', "Property 'secret' cannot be selected"],
    ['id,,name', "Syntax error at position 4: expected a property name but found ''"],
    ["id,name'; drop", "Syntax error at position 4: expected a property name but found 'name'; drop'"],
    ['vehicle/', "Syntax error at position 1: expected a property name but found 'vehicle/'"],
  ])('rejects %j', (text, message) => {
    expect(() => resolveSelect(text, index)).toThrow(new ODataError(message, '$select'));
  });
});

describe('$orderby', () => {
  it('uses the default order and appends the key', () => {
    expect(resolveOrderBy(undefined, index)).toEqual([{ expr: 'p.id', dir: 'desc' }]);
    expect(resolveOrderBy(undefined, indexResource(children))).toEqual([
      { expr: 'c.sent_at', dir: 'desc nulls last' },
      { expr: 'c.id', dir: 'asc' },
    ]);
  });

  it('places nulls first ascending and last descending, except on the key and fields declared notNull', () => {
    const notNullYear = indexResource({
      ...parents,
      fields: { ...parents.fields, 'vehicle/year': { sql: 'p.year', type: 'number', notNull: true } },
      defaultOrderBy: 'p.year, p.name desc, p.score nulls last, p.make desc nulls first',
    });
    expect(resolveOrderBy('vehicle/year desc, name, id', notNullYear)).toEqual([
      { expr: 'p.year', dir: 'desc' },
      { expr: 'p.name', dir: 'asc nulls first' },
      { expr: 'p.id', dir: 'asc' },
    ]);
    // The default order follows the same rule unless a term places its nulls itself.
    expect(resolveOrderBy(undefined, notNullYear)).toEqual([
      { expr: 'p.year', dir: 'asc' },
      { expr: 'p.name', dir: 'desc nulls last' },
      { expr: 'p.score', dir: 'asc nulls last' },
      { expr: 'p.make', dir: 'desc nulls first' },
      { expr: 'p.id', dir: 'asc' },
    ]);
  });

  it('reads several keys with directions, case-insensitively, and drops repeats', () => {
    expect(resolveOrderBy('Vehicle/Year DESC, name, name desc, id desc', index)).toEqual([
      { expr: 'p.year', dir: 'desc nulls last' },
      { expr: 'p.name', dir: 'asc nulls first' },
      { expr: 'p.id', dir: 'desc' },
    ]);
  });

  it.each([
    ['nope', "Unknown property 'nope' at position 1 in $orderby"],
    ['note', "Property 'note' cannot be used in $orderby"],
    ['name up', "Syntax error at position 6: expected ',', 'asc' or 'desc' but found 'up'"],
    ['name,', 'Syntax error at position 6: expected a property name but found end of input'],
    ['name; drop table x', "Syntax error at position 5: unexpected character ';'"],
    ['tolower(name)', "Unknown property 'tolower' at position 1 in $orderby"],
  ])('rejects %j', (text, message) => {
    expect(() => resolveOrderBy(text, index)).toThrow(new ODataError(message, '$orderby'));
  });
});
