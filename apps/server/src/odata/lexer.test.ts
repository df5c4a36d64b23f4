import { describe, expect, it } from 'vitest';
import { tokenize } from './lexer.js';
import { ODataError } from './odata-error.js';

const kinds = (text: string) => tokenize(text, '$filter').map((t) => `${t.kind}:${t.value}`);

describe('tokenize', () => {
  it('splits identifiers, paths, operators and punctuation', () => {
    expect(kinds("vehicle/year ge 2019 and (Name eq 'x')")).toEqual([
      'ident:vehicle/year',
      'ident:ge',
      'number:2019',
      'ident:and',
      '(:(',
      'ident:Name',
      'ident:eq',
      'string:x',
      '):)',
      'eof:',
    ]);
  });

  it('unescapes doubled quotes and keeps everything else in a string verbatim', () => {
    expect(tokenize("'O''Brien' '' '''' 'a;b)--'", '$filter').map((t) => t.value)).toEqual([
      "O'Brien",
      '',
      "'",
      'a;b)--',
      '',
    ]);
  });

  it('tells guids, date-times, dates and numbers apart', () => {
    expect(
      kinds(
        '12345678-aaaa-bbbb-cccc-1234567890ab abcdef01-2345-6789-abcd-ef0123456789 2024-01-31 2024-01-31T10:00:00Z 2024-01-31T10:00:00.123+05:30 -12 3.5 1e10 7L 2.5M',
      ),
    ).toEqual([
      'guid:12345678-aaaa-bbbb-cccc-1234567890ab',
      'guid:abcdef01-2345-6789-abcd-ef0123456789',
      'date:2024-01-31',
      'datetime:2024-01-31T10:00:00Z',
      'datetime:2024-01-31T10:00:00.123+05:30',
      'number:-12',
      'number:3.5',
      'number:1e10',
      'number:7L',
      'number:2.5M',
      'eof:',
    ]);
  });

  it('reports 1-based positions', () => {
    expect(tokenize("  a eq 'b'", '$filter').map((t) => t.pos)).toEqual([3, 5, 8, 11]);
  });

  it.each([
    ["name eq 'abc", 'Syntax error at position 9: unterminated string literal'],
    ['name eq @x', "Syntax error at position 9: unexpected character '@'"],
    ['name eq 12abc', 'Syntax error at position 9: invalid number, date or time literal'],
    ['vehicle/ eq 1', "Syntax error at position 8: expected a property name after '/'"],
    ['name eq \u00e9', 'Syntax error at position 9: unexpected character U+00E9'],
    ['x eq 1.', 'Syntax error at position 6: invalid number, date or time literal'],
    ["x eq 'a\u0000b'", 'Syntax error at position 6: string literals cannot contain U+0000'],
  ])('rejects %j', (text, message) => {
    expect(() => tokenize(text, '$filter')).toThrow(new ODataError(message, '$filter'));
  });
});
