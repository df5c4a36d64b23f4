// Over 300 lines: generators of hostile uploads for the tests and the bench, each a few lines; one catalogue.
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { DMS_MAX_FILE_BYTES } from './limits.js';

/**
 * Hostile uploads, generated (never committed as binaries) for the hostile-file tests
 * (files/hostile-files.test.ts) and the bench (bench/hostile-files.ts), issue #31: spreadsheets with
 * huge column references, zip bombs, huge shared strings, cut-short and damaged zips, CSV with an endless
 * line or too many columns, pictures whose header claims a huge size. Each is small to send (but the CSV
 * line, which must be long) and expensive only to a reader without limits (files/limits.ts).
 */

export interface ZipPart {
  name: string;
  /** The content; or `packed` (raw deflate) with its `size` and `crc` when it is too large to hold. */
  data?: Buffer;
  packed?: Buffer;
  size?: number;
  crc?: number;
  /** The unpacked size the directory claims, when it lies. */
  declaredSize?: number;
}

/** A zip (deflate) of the parts, as Excel writes a workbook. */
export function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const packed = part.packed ?? deflateRawSync(part.data ?? Buffer.alloc(0));
    const size = part.declaredSize ?? part.size ?? part.data?.length ?? 0;
    const crc = (part.crc ?? crc32(part.data ?? Buffer.alloc(0))) >>> 0;
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(Math.min(size, 0xfffffffe), 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(Math.min(size, 0xfffffffe), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const XML = '<?xml version="1.0" encoding="UTF-8"?>';

/** The parts of a one-sheet workbook around the sheet's rows (XML) and, when given, its shared strings part. */
export function workbookParts(sheetRows: string, sharedStrings?: ZipPart): ZipPart[] {
  const text = (name: string, xml: string): ZipPart => ({ name, data: Buffer.from(xml, 'utf8') });
  return [
    text(
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    text(
      '_rels/.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    text(
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${NS}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="ROs" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    text(
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    text(
      'xl/worksheets/sheet1.xml',
      `${XML}<worksheet xmlns="${NS}"><sheetData>${sheetRows}</sheetData></worksheet>`,
    ),
    ...(sharedStrings ? [sharedStrings] : []),
  ];
}

const inline = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
/** A header and one data row that the import would accept, before whatever a hostile file adds. */
const HEADER_ROW = `<row r="1">${inline('A1', 'RO Number')}${inline('B1', 'VIN')}</row>`;
const DATA_ROW = `<row r="2">${inline('A2', 'R1')}${inline('B2', '1HGCM82633A004352')}</row>`;

/** The issue's 630-byte workbook: a cell at column ZZZZZZZ (a reader that fills the row to it stalls and dies). */
export function xlsxHugeColumn(): Buffer {
  return zipOf(workbookParts(`<row r="1">${inline('A1', 'RO Number')}<c r="ZZZZZZZ1"><v>1</v></c></row>`));
}

/** A value in column XFD (16,384, the last column of a worksheet): a real cell, a row too wide to import. */
export function xlsxWideRow(): Buffer {
  return zipOf(workbookParts(`${HEADER_ROW}<row r="2">${inline('A2', 'R1')}<c r="XFD2"><v>1</v></c></row>`));
}

/**
 * Raw deflate of `head`, `fill` repeated `times` and `tail`, made without holding the whole: each piece is
 * compressed alone, byte-aligned and not final (a full flush), so copies of the fill's blocks can follow
 * one another; `crc` and `size` of the whole are computed piece by piece.
 */
function deflateRepeated(head: string, fill: Buffer, times: number, tail: string) {
  const flush = { finishFlush: constants.Z_FULL_FLUSH, level: 9 };
  const headBuf = Buffer.from(head);
  const tailBuf = Buffer.from(tail);
  const block = deflateRawSync(fill, flush);
  let crc = crc32(headBuf);
  for (let i = 0; i < times; i++) crc = crc32(fill, crc);
  crc = crc32(tailBuf, crc);
  const packed = Buffer.concat([
    deflateRawSync(headBuf, flush),
    ...Array.from({ length: times }, () => block),
    deflateRawSync(tailBuf),
  ]);
  return { packed, crc, size: headBuf.length + fill.length * times + tailBuf.length };
}

const MiB = 1024 * 1024;

/**
 * A zip bomb: one shared string of `mib` MiB of the letter A, about 1,000 times its packed size (1 GiB in
 * about 1 MB). `declaredMib`: the directory claims that size instead (a bomb that lies about itself).
 */
export function xlsxZipBomb(mib: number, declaredMib?: number): Buffer {
  const { packed, crc, size } = deflateRepeated(
    `${XML}<sst xmlns="${NS}" count="1" uniqueCount="1"><si><t>`,
    Buffer.alloc(MiB, 'A'),
    mib,
    '</t></si></sst>',
  );
  const strings: ZipPart = {
    name: 'xl/sharedStrings.xml',
    packed,
    crc,
    size,
    ...(declaredMib === undefined ? {} : { declaredSize: declaredMib * MiB }),
  };
  return zipOf(workbookParts(`${HEADER_ROW}<row r="2"><c r="A2" t="s"><v>0</v></c></row>`, strings));
}

/**
 * Shared strings of `chars` characters in all (strings of 1,000 words' letters), packed only about 4
 * times: no bomb, no part above the unpacked-size limit, just more text than the reader holds.
 */
export function xlsxHugeSharedStrings(chars = 40 * MiB): Buffer {
  const words = [
    'glass',
    'windshield',
    'Accord',
    'Civic',
    'Smith',
    'chip',
    'crack',
    'Houston',
    'sensor',
    'tint',
  ];
  const perString = 1000;
  const count = Math.ceil(chars / perString);
  const body = Buffer.alloc(count * (perString + 17));
  let at = 0;
  let seed = 12345;
  for (let i = 0; i < count; i++) {
    at += body.write('<si><t>', at, 'latin1');
    let written = 0;
    while (written < perString) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const word = `${words[seed % words.length]}${seed % 97} `.slice(0, perString - written);
      at += body.write(word, at, 'latin1');
      written += word.length;
    }
    at += body.write('</t></si>', at, 'latin1');
  }
  const xml = Buffer.concat([
    Buffer.from(`${XML}<sst xmlns="${NS}" count="${count}" uniqueCount="${count}">`),
    body.subarray(0, at),
    Buffer.from('</sst>'),
  ]);
  const strings: ZipPart = {
    name: 'xl/sharedStrings.xml',
    packed: deflateRawSync(xml, { level: 1 }),
    crc: crc32(xml),
    size: xml.length,
  };
  return zipOf(workbookParts(`${HEADER_ROW}<row r="2"><c r="A2" t="s"><v>0</v></c></row>`, strings));
}

/** A workbook whose zip directory lists `entries` parts (a directory read whole would be held whole). */
export function xlsxManyEntries(entries = 20_000): Buffer {
  const extra = Array.from(
    { length: entries },
    (_, i): ZipPart => ({ name: `xl/media/p${i}.xml`, data: Buffer.alloc(0) }),
  );
  return zipOf([...workbookParts(`${HEADER_ROW}${DATA_ROW}`), ...extra]);
}

/**
 * A sheet with `chars` letters of text between two cells and no tag in them: an XML parser buffers a
 * token whole until it ends. Random letters, so it packs only about twice (no bomb).
 */
export function xlsxLongToken(chars = 2 * MiB): Buffer {
  const text = Buffer.alloc(chars);
  let seed = 987654321;
  for (let i = 0; i < chars; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    text[i] = 97 + ((seed >>> 16) % 16);
  }
  return zipOf(workbookParts(`${HEADER_ROW}${text.toString('latin1')}${DATA_ROW}`));
}

/** A valid workbook of `rows` rows, the kind a hostile file is cut from. */
export function xlsxValid(rows = 200): Buffer {
  const lines = [HEADER_ROW];
  for (let r = 2; r <= rows + 1; r++)
    lines.push(`<row r="${r}">${inline(`A${r}`, `R${r}`)}${inline(`B${r}`, '1HGCM82633A004352')}</row>`);
  return zipOf(workbookParts(lines.join('')));
}

/** A workbook cut short (an upload that broke off): no directory at its end. */
export function xlsxTruncated(): Buffer {
  const whole = xlsxValid();
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/** A workbook whose directory is whole but whose sheet's compressed data is noise (a damaged copy). */
export function xlsxCorrupt(): Buffer {
  const parts = workbookParts(`${HEADER_ROW}${DATA_ROW}`);
  const sheet = parts.find((p) => p.name === 'xl/worksheets/sheet1.xml') as ZipPart;
  const data = sheet.data as Buffer;
  // A stored-looking block header, then bytes that are no valid deflate data.
  const noise = Buffer.alloc(200);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 73 + 41) & 0xff;
  noise[0] = 0xff;
  return zipOf(
    parts.map((p) => (p === sheet ? { ...p, packed: noise, size: data.length, crc: crc32(data) } : p)),
  );
}

/** CSV whose second line is one field as long as the upload limit allows (50 MB but a kilobyte). */
export function csvLongLine(bytes = DMS_MAX_FILE_BYTES - 1024): Buffer {
  const header = Buffer.from('RO Number,VIN\r\n');
  const line = Buffer.alloc(bytes - header.length - 2, 'x');
  return Buffer.concat([header, line, Buffer.from('\r\n')]);
}

/** A spreadsheet column's letters: 0 → 'A', 16383 → 'XFD'. */
function columnName(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** CSV whose header has `columns` columns. */
export function csvManyColumns(columns = 100_000): Buffer {
  const names = Array.from({ length: columns }, (_, i) => `C${columnName(i % 16_384)}${i}`);
  return Buffer.from(`${names.join(',')}\r\n${names.map(() => '1').join(',')}\r\n`);
}

// ---- Pictures whose header claims a huge size (a "pixel flood"): nothing after the header to decode ----

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A PNG whose header says width × height (8-bit RGBA), with a little compressed data and its end. */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateRawSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG whose frame header (after a JFIF segment) says width × height (at most 65,535 each). */
export function jpegClaiming(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A GIF whose logical screen says width × height (at most 65,535 each). */
export function gifClaiming(width: number, height: number): Buffer {
  const head = Buffer.alloc(13);
  head.write('GIF89a', 0, 'latin1');
  head.writeUInt16LE(width, 6);
  head.writeUInt16LE(height, 8);
  return Buffer.concat([head, Buffer.from([0x3b])]);
}

/** An extended WebP (VP8X) whose canvas says width × height (up to 16,777,216 each). */
export function webpClaiming(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(18);
  vp8x.write('VP8X', 0, 'latin1');
  vp8x.writeUInt32LE(10, 4);
  vp8x.writeUIntLE(width - 1, 12, 3);
  vp8x.writeUIntLE(height - 1, 15, 3);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(4 + vp8x.length, 4);
  riff.write('WEBP', 8, 'latin1');
  return Buffer.concat([riff, vp8x]);
}

export interface HostileFile {
  /** What the file is, as the test and the bench name it. */
  name: string;
  fileName: string;
  type: string;
  /** Makes its bytes (some take a few seconds: make them once). */
  make: () => Buffer;
  /** What the DMS import's 400 on File says about it. */
  dms: RegExp;
  /** What an image route's refusal says about it (on its own file field). */
  image: RegExp;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A spreadsheet or CSV sent as a picture: not an image, or too large to be one. */
const NOT_AN_IMAGE = /image|too large/i;
/** A picture sent as a DMS export. */
const BINARY = /binary data/;
const FLOOD = /The image is too large: [\d,]+ × [\d,]+ pixels/;

const spreadsheet = (name: string, fileName: string, make: () => Buffer, dms: RegExp): HostileFile => ({
  name,
  fileName,
  type: XLSX_TYPE,
  make,
  dms,
  image: NOT_AN_IMAGE,
});
const picture = (name: string, fileName: string, type: string, make: () => Buffer): HostileFile => ({
  name,
  fileName,
  type,
  make,
  dms: BINARY,
  image: FLOOD,
});

/** Every hostile file (about 70 MB in all once made, most of it the CSV line). */
export const HOSTILE_FILES: readonly HostileFile[] = [
  spreadsheet('XLSX with a cell at ZZZZZZZ1', 'huge-column.xlsx', xlsxHugeColumn, /beyond column XFD/),
  spreadsheet(
    'XLSX with a value in column XFD',
    'wide-row.xlsx',
    xlsxWideRow,
    /column XFD: an export may have at most 1,000 columns/,
  ),
  spreadsheet(
    'XLSX zip bomb, 1 GiB of shared string in 1 MB',
    'bomb.xlsx',
    () => xlsxZipBomb(1024),
    /unpacks to more than 512 MB/,
  ),
  spreadsheet(
    'XLSX zip bomb below the size limit, 256 MiB at a ratio of 1,000',
    'bomb-ratio.xlsx',
    () => xlsxZipBomb(256),
    /zip bomb/,
  ),
  spreadsheet(
    'XLSX zip bomb whose directory claims 4 KiB, 1 GiB inside',
    'bomb-lying.xlsx',
    () => xlsxZipBomb(1024, 1 / 256),
    /XLSX workbook is damaged/,
  ),
  spreadsheet(
    'XLSX with 40 Mi characters of shared strings',
    'strings.xlsx',
    () => xlsxHugeSharedStrings(),
    /shared strings hold more than 33,554,432 characters/,
  ),
  spreadsheet(
    'XLSX with 20,000 zip entries',
    'entries.xlsx',
    () => xlsxManyEntries(),
    /more than 10,000 parts/,
  ),
  spreadsheet(
    'XLSX with 2 MiB of text and no tag',
    'token.xlsx',
    () => xlsxLongToken(),
    /longer than 1 MB without a tag/,
  ),
  spreadsheet('XLSX cut short', 'truncated.xlsx', xlsxTruncated, /not a readable XLSX workbook/),
  spreadsheet('XLSX with damaged compressed data', 'corrupt.xlsx', xlsxCorrupt, /XLSX workbook is damaged/),
  {
    name: 'CSV with a 50 MB line',
    fileName: 'long-line.csv',
    type: 'text/csv',
    make: () => csvLongLine(),
    dms: /longer than 1,048,576 characters/,
    image: NOT_AN_IMAGE,
  },
  {
    name: 'CSV with 100,000 columns',
    fileName: 'columns.csv',
    type: 'text/csv',
    make: () => csvManyColumns(),
    dms: /100,000 columns: an export may have at most 1,000/,
    image: NOT_AN_IMAGE,
  },
  picture('PNG claiming 100000 x 100000', 'flood.png', 'image/png', () => pngClaiming(100_000, 100_000)),
  picture('JPEG claiming 65000 x 65000', 'flood.jpg', 'image/jpeg', () => jpegClaiming(65_000, 65_000)),
  picture('GIF claiming 65535 x 65535', 'flood.gif', 'image/gif', () => gifClaiming(65_535, 65_535)),
  picture('WebP claiming 100000 x 100000', 'flood.webp', 'image/webp', () => webpClaiming(100_000, 100_000)),
];
