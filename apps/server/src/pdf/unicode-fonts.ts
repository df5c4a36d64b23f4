/**
 * The fonts of every PDF the server renders (issue #16): pdfkit's built-in Helvetica knows only
 * WinAnsi (Latin-1), so 'Nguyễn Văn Thủy' or 'Łukasz' printed as nonsense. Every PDF now embeds Noto
 * Sans (Latin, Latin Extended incl. Vietnamese and Polish, Greek, Cyrillic) from the npm package
 * @embedpdf/fonts-latin, and text in Chinese or Japanese script is written in Noto Sans CJK SC
 * (@embedpdf/fonts-sc, ~8 MB a weight), which is read and embedded only when a text needs it. pdfkit
 * embeds a subset of each font: only the glyphs used. Both fonts are under the SIL Open Font
 * Licence 1.1 (the packages' LICENSE files). Nothing is read from the machine's own fonts.
 *
 * Each font file is read and parsed (fontkit) once per process and shared by every document: parsed per
 * document, the layout's first use of the font's positioning tables (kerning, GPOS) was decoded again for each
 * PDF, about 80 % of an invoice's 90–100 ms (issue #36, a submit that sends a claim renders one). A document
 * only reads the shared font (its glyphs, its layout); what it embeds is its own subset.
 *
 * Not covered: Hangul, Arabic, Hebrew, Thai, Devanagari… (they print as empty boxes); adding one is
 * another package of the same family and one more entry in `scriptFont`.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create } from 'fontkit';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const fontsOf = (pkg: string) => path.join(path.dirname(require.resolve(pkg)), '..', 'fonts');
const LATIN = fontsOf('@embedpdf/fonts-latin');
const CJK = fontsOf('@embedpdf/fonts-sc');

export type FontWeight = 'regular' | 'bold';

/** The font files, by script and weight. */
export const FONT_FILES = {
  latin: { regular: path.join(LATIN, 'NotoSans-Regular.ttf'), bold: path.join(LATIN, 'NotoSans-Bold.ttf') },
  cjk: { regular: path.join(CJK, 'NotoSansHans-Regular.otf'), bold: path.join(CJK, 'NotoSansHans-Bold.otf') },
} as const;

type Script = keyof typeof FONT_FILES;

/** The process's parsed fonts, by file: the CJK ones (about 8 MB each) only once a text needed them. */
const parsed = new Map<string, unknown>();
function sharedFont(file: string): PDFKit.Mixins.PDFFontSource {
  let font = parsed.get(file);
  if (!font) {
    font = create(fs.readFileSync(file));
    parsed.set(file, font);
  }
  // pdfkit takes a parsed fontkit font where its types say a file or bytes (PDFFontFactory.open: `src.layout`).
  return font as PDFKit.Mixins.PDFFontSource;
}

/** The name a document knows a font by; registered on the document at its first use. */
const fontName = (script: Script, weight: FontWeight) => `${script}-${weight}`;

/** Characters written in the CJK font: Han ideographs, kana, bopomofo, CJK punctuation, full-width forms. */
const CJK_CHAR =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;

export interface ScriptRun {
  text: string;
  cjk: boolean;
}

/** Splits a text into runs of one font: 'Name: 王小明 (x)' → 'Name: ', '王小明', ' (x)'. */
export function scriptRuns(text: string): ScriptRun[] {
  const runs: ScriptRun[] = [];
  for (const ch of text) {
    const cjk = CJK_CHAR.test(ch);
    const last = runs[runs.length - 1];
    if (last && last.cjk === cjk) last.text += ch;
    else runs.push({ text: ch, cjk });
  }
  return runs;
}

type TextOptions = PDFKit.Mixins.TextOptions;

/**
 * Writes text in the embedded fonts, switching font for the runs of CJK script; otherwise it is
 * pdfkit's `text` (same positions and options, e.g. width and align).
 */
export class PdfPen {
  private weight: FontWeight = 'regular';
  private registered = new Set<string>();

  constructor(readonly doc: PDFKit.PDFDocument) {
    this.use('latin', 'regular');
  }

  /** Makes the script's font of a weight the document's current font. */
  private use(script: Script, weight: FontWeight) {
    const name = fontName(script, weight);
    if (!this.registered.has(name)) {
      this.doc.registerFont(name, sharedFont(FONT_FILES[script][weight]));
      this.registered.add(name);
    }
    this.doc.font(name);
  }

  /** The weight and, when given, the size of the text that follows. */
  font(weight: FontWeight, size?: number): this {
    this.weight = weight;
    this.use('latin', weight);
    if (size !== undefined) this.doc.fontSize(size);
    return this;
  }

  text(text: string, options?: TextOptions): this;
  text(text: string, x?: number, y?: number, options?: TextOptions): this;
  text(text: string, a?: number | TextOptions, b?: number, c?: TextOptions): this {
    const { doc } = this;
    const [x, y, options] = typeof a === 'object' ? [undefined, undefined, a] : [a, b, c];
    const runs = scriptRuns(text);
    if (runs.length <= 1) {
      if (runs[0]?.cjk) {
        this.use('cjk', this.weight);
        doc.text(text, x, y, options);
        this.use('latin', this.weight);
      } else doc.text(text, x, y, options);
      return this;
    }
    runs.forEach((run, i) => {
      this.use(run.cjk ? 'cjk' : 'latin', this.weight);
      const last = i === runs.length - 1;
      const continued = last ? (options?.continued ?? false) : true;
      if (i === 0) doc.text(run.text, x, y, { ...options, continued });
      else doc.text(run.text, { continued });
    });
    this.use('latin', this.weight);
    return this;
  }
}

/**
 * A Letter PDF whose default font is the embedded Noto Sans (pdfkit's Helvetica is never used), and its bytes:
 * they resolve once the caller has called `doc.end()`.
 */
export function unicodePdf(options: PDFKit.PDFDocumentOptions = {}): {
  doc: PDFKit.PDFDocument;
  pen: PdfPen;
  bytes: Promise<Buffer>;
} {
  const doc = new PDFDocument({ size: 'LETTER', ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // The pen sets Noto Sans at once; pdfkit's default Helvetica is never drawn with, so never embedded.
  return { doc, pen: new PdfPen(doc), bytes };
}

/**
 * Parses the Latin fonts and decodes what their layout uses for the usual characters, in a PDF thrown away: the
 * process's first PDF otherwise pays it (about 200 ms), inside someone's request (a submit that sends a claim).
 * The server calls it once it listens (main.ts); the CJK fonts stay unread until a text needs them.
 */
export async function warmPdfFonts(): Promise<void> {
  const { doc, pen, bytes } = unicodePdf();
  const sample = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 $.,:;#()/-–&@';
  for (const weight of ['regular', 'bold'] as const) pen.font(weight, 9).text(sample);
  doc.end();
  await bytes;
}
