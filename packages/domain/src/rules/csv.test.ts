import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, toCsv } from './csv.js';

describe('CSV export of the filtered list', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('neutralises cells a spreadsheet would run as formulas, but not numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-5)).toBe('-5');
  });

  it('writes empty cells for null and undefined, Yes/No for booleans, CRLF rows', () => {
    expect(
      toCsv(
        ['A', 'B'],
        [
          [null, true],
          [undefined, false],
        ],
      ),
    ).toBe('A,B\r\n,Yes\r\n,No\r\n');
  });

  it('names the file after the list and the day', () => {
    expect(csvFileName('Insurance Companies', new Date('2024-06-15T12:00:00Z'))).toBe(
      'insurance-companies-2024-06-15.csv',
    );
  });
});
