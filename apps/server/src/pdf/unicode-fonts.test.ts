import { describe, expect, it } from 'vitest';
import { scriptRuns, unicodePdf, warmPdfFonts } from './unicode-fonts.js';

/** A PDF of one text, its bytes as latin1 to look for the embedded fonts' names. */
async function pdfOf(text: string): Promise<string> {
  const { doc, pen, bytes } = unicodePdf();
  pen.font('bold', 12).text(text);
  doc.end();
  return (await bytes).toString('latin1');
}

describe('the PDFs’ fonts (issue #16; parsed once per process, issue #36)', () => {
  it('splits a text into runs of one script', () => {
    expect(scriptRuns('Name: 王小明 (x)')).toEqual([
      { text: 'Name: ', cjk: false },
      { text: '王小明', cjk: true },
      { text: ' (x)', cjk: false },
    ]);
  });

  it('warms the Latin fonts without failing, and the documents after it embed only what they use', async () => {
    await expect(warmPdfFonts()).resolves.toBeUndefined();
    const latin = await pdfOf('Invoice 42');
    expect(latin).toContain('NotoSans-Bold');
    expect(latin).not.toContain('NotoSansHans');
    expect(latin).not.toContain('/BaseFont /Helvetica');
    const mixed = await pdfOf('Customer 王小明');
    expect(mixed).toContain('NotoSansHans');
  });
});
