import { describe, expect, it } from 'vitest';
import { ODataError } from './odata-error.js';
import { parseCount, parseSkip, parseTop, preferredPageSize, readOptions } from './query-options.js';

const errorOf = (fn: () => unknown): ODataError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof ODataError) return e;
    throw e;
  }
  throw new Error('expected an ODataError');
};

describe('readOptions', () => {
  it('reads $ options case-insensitively and leaves keys without $ to the route', () => {
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

  it.each(['$apply', '$compute', '$LEVELS', '$schemaversion', '$deltatoken', '$index', '$id'])(
    'answers %s 501 Not Implemented',
    (name) => {
      const e = errorOf(() => readOptions({ [name]: 'x' }));
      expect(e.status).toBe(501);
      expect(e.field).toBe(name.toLowerCase());
      expect(e.toProblem().title).toBe('Not Implemented');
    },
  );

  it.each(['$foo', '$', '$filter2', '$$top', '$top '])('answers the unknown option %j 400', (name) => {
    const e = errorOf(() => readOptions({ [name]: '1' }));
    expect([e.status, e.field, e.message]).toEqual([400, name, `Unknown system query option '${name}'`]);
  });

  it('accepts $format json only', () => {
    for (const ok of [
      'json',
      'JSON',
      'application/json',
      'application/json;odata.metadata=minimal',
      'application/json; charset=utf-8',
    ])
      expect(readOptions({ $format: ok, $top: '1' })).toEqual({ top: '1' });
    for (const bad of [
      'xml',
      'atom',
      'application/xml',
      'json;odata.metadata=full',
      'application/json;odata.metadata=full',
      'application/json;IEEE754Compatible=true',
      'text/csv',
    ]) {
      const e = errorOf(() => readOptions({ $format: bad }));
      expect([e.status, e.field]).toEqual([501, '$format']);
    }
    expect(errorOf(() => readOptions({ $format: 'json', $FORMAT: 'json' })).status).toBe(400);
  });

  it('reads $search as text', () => {
    expect(readOptions({ $Search: ' Cruz ' })).toEqual({ search: 'Cruz' });
  });

  it('rejects non-text values and over-long options', () => {
    expect(() => readOptions({ $select: { a: 1 } })).toThrow(
      new ODataError('$select must be text', '$select'),
    );
    expect(() => readOptions({ $select: 'a'.repeat(4001) })).toThrow('$select is too long');
  });
});

describe('$top, $skip, $count', () => {
  it('reads $top as the limit of the client, uncapped (the page size is the server one)', () => {
    expect(parseTop(undefined)).toBeUndefined();
    expect(parseTop('0')).toBe(0);
    expect(parseTop('50')).toBe(50);
    expect(parseTop('100000')).toBe(100000);
    expect(parseTop('1000000000000000000000')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('reads Prefer: odata.maxpagesize and ignores what it cannot use', () => {
    expect(preferredPageSize(undefined)).toBeUndefined();
    expect(preferredPageSize('odata.maxpagesize=50')).toBe(50);
    expect(preferredPageSize('return=minimal, odata.MaxPageSize = 20 ,odata.track-changes')).toBe(20);
    expect(preferredPageSize('maxpagesize="30"')).toBe(30);
    expect(preferredPageSize(['respond-async', 'odata.maxpagesize=7'])).toBe(7);
    for (const bad of [
      'odata.maxpagesize=0',
      'odata.maxpagesize=-1',
      'odata.maxpagesize=1.5',
      'odata.maxpagesize',
    ])
      expect(preferredPageSize(bad), bad).toBeUndefined();
  });

  it.each(['-1', '1.5', 'abc', '+3', '1e3', '0x10'])('rejects $top=%s and $skip=%s', (v) => {
    expect(() => parseTop(v)).toThrow(
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
