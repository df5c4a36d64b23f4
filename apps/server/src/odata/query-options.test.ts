import { describe, expect, it } from 'vitest';
import { ODataError } from './odata-error.js';
import { parseCount, parseSkip, parseTop, readOptions } from './query-options.js';

describe('readOptions', () => {
  it('reads $ options case-insensitively and ignores other keys', () => {
    expect(
      readOptions({ $Filter: ' a eq 1 ', $TOP: 5, filter: 'x', $format: 'json', other: 1, $skip: '' }),
    ).toEqual({
      filter: 'a eq 1',
      top: '5',
    });
  });

  it('rejects an option given twice, in any spelling', () => {
    expect(() => readOptions({ $top: ['1', '2'] })).toThrow(
      new ODataError('$top is given more than once', '$top'),
    );
    expect(() => readOptions({ $top: '1', $TOP: '2' })).toThrow(ODataError);
    expect(readOptions({ $top: ['3'] })).toEqual({ top: '3' });
  });

  it('rejects non-text values and over-long options', () => {
    expect(() => readOptions({ $select: { a: 1 } })).toThrow(
      new ODataError('$select must be text', '$select'),
    );
    expect(() => readOptions({ $select: 'a'.repeat(4001) })).toThrow('$select is too long');
  });
});

describe('$top, $skip, $count', () => {
  it('defaults and caps $top', () => {
    expect(parseTop(undefined, 25, 100)).toBe(25);
    expect(parseTop('0', 25, 100)).toBe(0);
    expect(parseTop('50', 25, 100)).toBe(50);
    expect(parseTop('1000000000000000000000', 25, 100)).toBe(100);
  });

  it.each(['-1', '1.5', 'abc', '+3', '1e3', '0x10'])('rejects $top=%s and $skip=%s', (v) => {
    expect(() => parseTop(v, 1, 2)).toThrow(
      new ODataError(`$top must be a non-negative integer, not '${v}'`, '$top'),
    );
    expect(() => parseSkip(v)).toThrow(
      new ODataError(`$skip must be a non-negative integer, not '${v}'`, '$skip'),
    );
  });

  it('limits $skip to safe integers', () => {
    expect(parseSkip('9007199254740991')).toBe(9007199254740991);
    expect(() => parseSkip('9007199254740992')).toThrow(ODataError);
  });

  it('reads $count', () => {
    expect(parseCount(undefined)).toBe(false);
    expect(parseCount('TRUE')).toBe(true);
    expect(parseCount('false')).toBe(false);
    expect(() => parseCount('yes')).toThrow(
      new ODataError("$count must be true or false, not 'yes'", '$count'),
    );
  });
});
