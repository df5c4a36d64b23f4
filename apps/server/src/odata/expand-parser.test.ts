import { describe, expect, it } from 'vitest';
import { parseExpand } from './expand-parser.js';
import { ODataError } from './odata-error.js';
import { indexResource } from './resource-index.js';
import { parents } from './test-fixtures.js';

const parse = (text: string) => parseExpand(text, indexResource(parents)).map((i) => [i.key, i.options]);

describe('parseExpand', () => {
  it('reads several navigations, case-insensitively', () => {
    expect(parse('Children, OWNER')).toEqual([
      ['children', {}],
      ['owner', {}],
    ]);
  });

  it('reads nested options, keeping quoted separators inside values', () => {
    expect(
      parse(
        "Children($select=id,message;$orderby=sentAt desc;$filter=contains(message,'a;b),(c');$top=5;$expand=author),owner",
      ),
    ).toEqual([
      [
        'children',
        {
          select: 'id,message',
          orderby: 'sentAt desc',
          filter: "contains(message,'a;b),(c')",
          top: '5',
          expand: 'author',
        },
      ],
      ['owner', {}],
    ]);
  });

  it('keeps nested parentheses of a nested $expand together', () => {
    expect(parse('children($expand=author($select=name);$top=1)')).toEqual([
      ['children', { expand: 'author($select=name)', top: '1' }],
    ]);
  });

  it.each([
    ['nope', "Unknown navigation 'nope' in $expand"],
    ['children,children', "'children' is expanded twice"],
    ['children(', "Syntax error at position 9: expected ')'"],
    ['children)', "Syntax error at position 9: unexpected ')'"],
    ["children($filter=name eq 'x)", 'Syntax error at position 26: unterminated string literal'],
    ['children($top)', "Syntax error at position 10: expected '$option=value'"],
    ['children($levels=2)', "'$levels' is not supported in $expand"],
    ['children($search=x)', "'$search' is not supported in $expand"],
    ['children($nope=2)', "Unknown option '$nope' in $expand"],
    ['children($top=1;$TOP=2)', "'$top' is given more than once in $expand"],
    ['children($top=1)($top=2)', "Syntax error at position 16: unexpected ')'"],
    ['*', 'Syntax error at position 1: expected a navigation name'],
    [',', 'Syntax error at position 1: expected a navigation name'],
    ['children x', 'Syntax error at position 1: expected a navigation name'],
  ])('rejects %j', (text, message) => {
    let error: unknown;
    try {
      parse(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ODataError);
    expect((error as ODataError).field).toBe('$expand');
    expect((error as ODataError).message).toContain(message);
    expect((error as ODataError).status).toBe(/not supported/.test(message) ? 501 : 400);
  });
});
