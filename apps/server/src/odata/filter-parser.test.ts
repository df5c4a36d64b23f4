import { describe, expect, it } from 'vitest';
import type { FilterNode } from './filter-ast.js';
import { parseFilter } from './filter-parser.js';
import { ODataError } from './odata-error.js';

/** A compact rendering of the AST, to assert the grouping the parser chose. */
function show(n: FilterNode): string {
  switch (n.kind) {
    case 'literal':
      return n.type === 'string' ? `'${n.value}'` : `${n.type}:${n.value}`;
    case 'field':
      return n.path;
    case 'call':
      return `${n.name}(${n.args.map(show).join(', ')})`;
    case 'compare':
      return `(${show(n.left)} ${n.op} ${show(n.right)})`;
    case 'in':
      return `(${show(n.left)} in [${n.items.map(show).join(', ')}])`;
    case 'logical':
      return `(${show(n.left)} ${n.op} ${show(n.right)})`;
    case 'not':
      return `(not ${show(n.operand)})`;
  }
}

const parse = (text: string) => show(parseFilter(text));

describe('parseFilter', () => {
  it('binds and tighter than or, and comparisons tighter than not', () => {
    expect(parse("a eq 1 or b eq 2 and not c eq 'x'")).toBe(
      "((a eq number:1) or ((b eq number:2) and (not (c eq 'x'))))",
    );
  });

  it('honours parentheses and is case-insensitive for keywords', () => {
    expect(parse('(a EQ 1 OR b Eq 2) AND NOT(c)')).toBe('(((a eq number:1) or (b eq number:2)) and (not c))');
  });

  it('parses functions, in lists and literals', () => {
    expect(parse("contains(tolower(Name), 'o''b') and Id in (1, 2.5, -3) and x in ('a')")).toBe(
      "((contains(tolower(Name), 'o'b') and (Id in [number:1, number:2.5, number:-3])) and (x in ['a']))",
    );
    expect(parse('a eq null and b eq true and c ne FALSE and d ge 2024-01-31')).toBe(
      '((((a eq null:null) and (b eq boolean:true)) and (c ne boolean:false)) and (d ge date:2024-01-31))',
    );
  });

  it('normalizes date-times: default offset Z, seconds added, space read as +', () => {
    expect(parse('d eq 2024-01-31T10:00')).toBe('(d eq datetime:2024-01-31T10:00:00Z)');
    expect(parse('d eq 2024-01-31T10:00:00.5 05:30')).toBe('(d eq datetime:2024-01-31T10:00:00.5+05:30)');
  });

  it('marks integers that fit a bigint', () => {
    const node = parseFilter('a eq 9223372036854775808') as Extract<FilterNode, { kind: 'compare' }>;
    expect(node.right).toMatchObject({ type: 'number', bigint: false });
    const small = parseFilter('a eq 9223372036854775807') as Extract<FilterNode, { kind: 'compare' }>;
    expect(small.right).toMatchObject({ type: 'number', bigint: true });
  });

  it.each([
    ["(name eq 'a'", "Syntax error at position 13: expected ')' but found end of input"],
    ['name eq', 'Syntax error at position 8: expected a value, property or function but found end of input'],
    ['name eq 1 2', "Syntax error at position 11: unexpected '2'"],
    [
      'a eq 1 and',
      'Syntax error at position 11: expected a value, property or function but found end of input',
    ],
    ['a in 1', "Syntax error at position 6: expected '(' after 'in' but found '1'"],
    ['a in (b)', "Syntax error at position 7: expected a literal value but found 'b'"],
    ['a in ()', "Syntax error at position 7: expected a literal value but found ')'"],
    ['f(a,', 'Syntax error at position 5: expected a value, property or function but found end of input'],
    ['d eq 2024-02-30', "Syntax error at position 6: invalid date '2024-02-30'"],
    ['d eq 2024-01-31T24:00:00Z', "Syntax error at position 6: invalid date-time '2024-01-31T24:00:00Z'"],
    [
      'd eq 2024-01-31T10:00:00+15:00',
      "Syntax error at position 6: invalid time zone offset in '2024-01-31T10:00:00+15:00'",
    ],
    ['n eq 1e999', 'Syntax error at position 6: number 1e999 is out of range'],
    ['n eq 1e-400', 'Syntax error at position 6: number 1e-400 is out of range'],
  ])('rejects %j', (text, message) => {
    expect(() => parseFilter(text)).toThrow(new ODataError(message, '$filter'));
  });

  it('limits length, depth and terms', () => {
    expect(() => parseFilter(`a eq '${'x'.repeat(4000)}'`)).toThrow(
      '$filter is too long (at most 4000 characters)',
    );
    expect(() => parseFilter(`${'('.repeat(21)}a${')'.repeat(21)}`)).toThrow('$filter is nested too deeply');
    expect(() => parseFilter(`${'not '.repeat(21)}a`)).toThrow('$filter is nested too deeply');
    expect(parse(`${'('.repeat(20)}a${')'.repeat(20)}`)).toBe('a');
    const terms = (n: number) => Array.from({ length: n }, (_, i) => `a eq ${i}`).join(' or ');
    expect(() => parseFilter(terms(100))).not.toThrow();
    expect(() => parseFilter(terms(101))).toThrow('$filter has too many terms (at most 200)');
  });

  it('survives very deep input without a stack overflow', () => {
    expect(() => parseFilter('('.repeat(3999))).toThrow(ODataError);
    expect(() => parseFilter('not '.repeat(999))).toThrow(ODataError);
  });
});
