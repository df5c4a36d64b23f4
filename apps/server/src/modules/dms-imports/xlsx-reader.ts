// Over 300 lines: a streaming XLSX reader with its limits; the zip, shared strings and sheet passes are one parser.
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';
import {
  TABLE_MAX_COLUMNS,
  XLSX_MAX_CELL_CHARS,
  XLSX_MAX_COLUMN,
  XLSX_MAX_ROW,
  XLSX_MAX_SHARED_STRINGS,
  XLSX_MAX_SHARED_STRINGS_CHARS,
  XML_MAX_TOKEN_BYTES,
  ZIP_MAX_ENTRIES,
  ZIP_MAX_ENTRY_BYTES,
  ZIP_MAX_RATIO,
  ZIP_RATIO_FROM_BYTES,
} from '../../files/limits.js';
import type { FileRow } from './readers.js';

/**
 * A small streaming reader of the first worksheet of an XLSX workbook (Office Open XML, ECMA-376): the zip is
 * read through its central directory (yauzl, from a temporary file) and the XML parts are streamed through a
 * SAX parser (saxes), so only the shared strings are held in memory, never the sheet. Cells are returned as
 * text: shared and inline strings, formula results (`t="str"`), booleans as TRUE/FALSE, numbers as written
 * (a date is its serial number, which the row rules turn into a date where a date is expected).
 * Everything it reads is bounded by files/limits.ts (issue #31): the zip's directory, each part's unpacked
 * size and ratio, the shared strings, a cell's length, a row's width and the last column and row of a
 * worksheet. Past a limit it stops reading and throws an XlsxError, which the routes answer with 400 on File.
 */

export class XlsxError extends Error {}

const UNREADABLE = 'The file is not a readable XLSX workbook';
const DAMAGED = 'The XLSX workbook is damaged';
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024).toLocaleString('en-US')} MB`;
const count = (n: number) => n.toLocaleString('en-US');

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: false }, (err, zip) => {
      if (err || !zip) return reject(new XlsxError(UNREADABLE));
      // The directory is read entry by entry into a map: its length is bounded before it is read.
      if (zip.entryCount > ZIP_MAX_ENTRIES) {
        zip.close();
        return reject(
          new XlsxError(
            `The XLSX workbook has more than ${count(ZIP_MAX_ENTRIES)} parts: it is not a DMS export`,
          ),
        );
      }
      resolve(zip);
    }),
  );
}

async function entriesOf(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName.replace(/^\/+/, ''), entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', () => reject(new XlsxError(UNREADABLE)));
    zip.readEntry();
  });
  return entries;
}

/**
 * Refuses, from the zip directory and before a byte is inflated, a part that claims to unpack beyond
 * ZIP_MAX_ENTRY_BYTES or by more than ZIP_MAX_RATIO (a zip bomb). The claim is then held while it inflates
 * (parseXml): a part cannot unpack to more than it declared.
 */
function checkEntry(entry: yauzl.Entry) {
  const name = entry.fileName.slice(0, 100);
  if (entry.uncompressedSize > ZIP_MAX_ENTRY_BYTES)
    throw new XlsxError(
      `The XLSX workbook is too large unpacked: its part ${name} unpacks to more than ${mb(ZIP_MAX_ENTRY_BYTES)}`,
    );
  if (
    entry.uncompressedSize > ZIP_RATIO_FROM_BYTES &&
    entry.uncompressedSize > ZIP_MAX_RATIO * Math.max(entry.compressedSize, 1)
  )
    throw new XlsxError(
      `The XLSX workbook is a zip bomb: its part ${name} unpacks to more than ${ZIP_MAX_RATIO} times its packed size`,
    );
}

function streamOf(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) =>
      err || !stream ? reject(new XlsxError(DAMAGED)) : resolve(stream),
    ),
  );
}

/** What a part's reader does with the XML (one handler per event: saxes keeps one). */
interface XmlHandlers {
  opentag?: (tag: SaxesTagPlain) => void;
  text?: (text: string) => void;
  closetag?: (tag: SaxesTagPlain) => void;
}

/**
 * Streams one XML part through a SAX parser; the generator yields after each piece of the part has been
 * parsed, so the caller can hand on what that piece completed. Limits (files/limits.ts): the part's
 * declared and actual unpacked size, and the bytes the parser may take in without completing a token
 * (a text, tag, comment or CDATA section it would otherwise buffer whole). A damaged zip or XML, and any
 * limit, is an XlsxError: the stream stops at once and nothing further is inflated.
 */
async function* parseXml(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  handlers: XmlHandlers,
): AsyncGenerator<void> {
  checkEntry(entry);
  const parser = new SaxesParser();
  let failure: Error | undefined;
  /** Bytes written since the parser last completed a token. */
  let pending = 0;
  const done = () => {
    pending = 0;
  };
  parser.on('error', (err) => {
    failure ??= new XlsxError(`${DAMAGED}: ${err.message}`);
  });
  parser.on('opentag', (tag) => {
    done();
    handlers.opentag?.(tag as SaxesTagPlain);
  });
  parser.on('text', (text) => {
    done();
    handlers.text?.(text);
  });
  parser.on('closetag', (tag) => {
    done();
    handlers.closetag?.(tag as SaxesTagPlain);
  });
  for (const other of ['cdata', 'comment', 'processinginstruction', 'doctype', 'xmldecl'] as const)
    parser.on(other, done);
  const stream = await streamOf(zip, entry);
  const decoder = new StringDecoder('utf8');
  const limit = Math.min(entry.uncompressedSize, ZIP_MAX_ENTRY_BYTES);
  let unpacked = 0;
  try {
    try {
      for await (const chunk of stream) {
        const bytes = chunk as Buffer;
        unpacked += bytes.length;
        if (unpacked > limit)
          throw new XlsxError(`${DAMAGED}: a part unpacks to more than its directory says`);
        pending += bytes.length;
        parser.write(decoder.write(bytes));
        if (failure) throw failure;
        if (pending > XML_MAX_TOKEN_BYTES)
          throw new XlsxError(
            `${DAMAGED}: a piece of its XML is longer than ${mb(XML_MAX_TOKEN_BYTES)} without a tag`,
          );
        yield;
      }
    } catch (err) {
      // A zip that is cut short or damaged fails while it inflates (bad data, wrong sizes, no local header).
      if (err instanceof XlsxError) throw err;
      throw new XlsxError(DAMAGED);
    }
    parser.write(decoder.end());
    parser.close();
    if (failure) throw failure;
    yield;
  } finally {
    stream.destroy();
  }
}

async function readXml(zip: yauzl.ZipFile, entry: yauzl.Entry, handlers: XmlHandlers) {
  for await (const _ of parseXml(zip, entry, handlers));
}

/** The path of the workbook's first sheet (workbook.xml and its relationships), else sheet1.xml. */
async function firstSheetPath(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>): Promise<string> {
  const fallback = 'xl/worksheets/sheet1.xml';
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) return fallback;
  let relId: string | undefined;
  await readXml(zip, workbook, {
    opentag: (tag) => {
      if (!relId && tag.name.endsWith('sheet') && !tag.name.endsWith('sheets'))
        relId = String(tag.attributes['r:id'] ?? '');
    },
  });
  let target: string | undefined;
  await readXml(zip, rels, {
    opentag: (tag) => {
      if (tag.name === 'Relationship' && tag.attributes.Id === relId) target = String(tag.attributes.Target);
    },
  });
  if (!target) return fallback;
  return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
}

const tooLongCell = () =>
  new XlsxError(`A cell of the XLSX workbook holds more than ${count(XLSX_MAX_CELL_CHARS)} characters`);

/**
 * The shared strings, the one part held in memory: at most XLSX_MAX_SHARED_STRINGS strings of at most
 * XLSX_MAX_CELL_CHARS characters, XLSX_MAX_SHARED_STRINGS_CHARS in all, checked as they are read.
 */
async function sharedStrings(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let current: string | null = null;
  let inText = false;
  let total = 0;
  // Phonetic runs (<rPh>) are reading aids, not part of the text.
  let phonetic = 0;
  await readXml(zip, entry, {
    opentag: (tag) => {
      if (tag.name === 'si') current = '';
      else if (tag.name === 'rPh') phonetic++;
      else if (tag.name === 't' && phonetic === 0) inText = true;
    },
    text: (text) => {
      if (!inText || current === null) return;
      total += text.length;
      if (total > XLSX_MAX_SHARED_STRINGS_CHARS)
        throw new XlsxError(
          `The XLSX workbook's shared strings hold more than ${count(XLSX_MAX_SHARED_STRINGS_CHARS)} characters`,
        );
      if (current.length + text.length > XLSX_MAX_CELL_CHARS) throw tooLongCell();
      current += text;
    },
    closetag: (tag) => {
      if (tag.name === 't') inText = false;
      else if (tag.name === 'rPh') phonetic--;
      else if (tag.name === 'si') {
        if (strings.length >= XLSX_MAX_SHARED_STRINGS)
          throw new XlsxError(
            `The XLSX workbook has more than ${count(XLSX_MAX_SHARED_STRINGS)} shared strings`,
          );
        strings.push(current ?? '');
        current = null;
      }
    },
  });
  return strings;
}

/** The name of a column: 0 → 'A', 16383 → 'XFD'. */
export function columnName(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/**
 * 'B12' → 1 (column index, 0-based); undefined for a reference without column letters. A column beyond
 * XFD (XLSX_MAX_COLUMN) is no cell of a worksheet: the file is refused, whatever the number of letters.
 */
export function columnIndex(ref: string): number | undefined {
  let n = 0;
  let letters = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
    if (++letters > 3 || n > XLSX_MAX_COLUMN)
      throw new XlsxError(
        `The XLSX workbook has a cell beyond column ${columnName(XLSX_MAX_COLUMN - 1)}, the last column of a worksheet (${ref.slice(0, 20)})`,
      );
  }
  return letters ? n - 1 : undefined;
}

/**
 * The rows of the workbook's first sheet, in order, each with its row number (`r`). A row is as wide as its
 * last cell with a value, at most TABLE_MAX_COLUMNS; an empty cell further right (formatting) is ignored.
 */
export async function* xlsxRows(file: string): AsyncGenerator<FileRow> {
  const zip = await openZip(file);
  try {
    const entries = await entriesOf(zip);
    const sheetPath = await firstSheetPath(zip, entries);
    const sheet = entries.get(sheetPath);
    if (!sheet) throw new XlsxError('The XLSX workbook has no worksheet');
    const strings = await sharedStrings(zip, entries.get('xl/sharedStrings.xml'));

    const done: FileRow[] = [];
    let row: { rowNumber: number; cells: string[] } | null = null;
    let lastRow = 0;
    let cell: { col: number; type: string; value: string } | null = null;
    let nextCol = 0;
    let inValue = false;
    const finishCell = () => {
      if (!row || !cell) return;
      const raw = cell.value;
      const text =
        cell.type === 's'
          ? raw === ''
            ? ''
            : (strings[Number(raw)] ?? '')
          : cell.type === 'b'
            ? raw === '1'
              ? 'TRUE'
              : 'FALSE'
            : cell.type === 'e'
              ? ''
              : raw;
      nextCol = cell.col + 1;
      if (text !== '') {
        if (cell.col >= TABLE_MAX_COLUMNS)
          throw new XlsxError(
            `The XLSX workbook has a value in column ${columnName(cell.col)}: an export may have at most ${count(TABLE_MAX_COLUMNS)} columns`,
          );
        while (row.cells.length < cell.col) row.cells.push('');
        row.cells[cell.col] = text;
      }
      cell = null;
    };
    const rows = parseXml(zip, sheet, {
      opentag: (tag) => {
        switch (tag.name) {
          case 'row': {
            const r = Number(tag.attributes.r);
            lastRow = Number.isInteger(r) && r > 0 ? r : lastRow + 1;
            if (lastRow > XLSX_MAX_ROW)
              throw new XlsxError(
                `The XLSX workbook has a row beyond ${count(XLSX_MAX_ROW)}, the last row of a worksheet`,
              );
            row = { rowNumber: lastRow, cells: [] };
            nextCol = 0;
            break;
          }
          case 'c': {
            const ref = tag.attributes.r ? String(tag.attributes.r) : '';
            cell = { col: columnIndex(ref) ?? nextCol, type: String(tag.attributes.t ?? 'n'), value: '' };
            break;
          }
          case 'v':
          case 't':
            if (cell) inValue = true;
            break;
        }
      },
      text: (text) => {
        if (!inValue || !cell) return;
        if (cell.value.length + text.length > XLSX_MAX_CELL_CHARS) throw tooLongCell();
        cell.value += text;
      },
      closetag: (tag) => {
        if (tag.name === 'v' || tag.name === 't') inValue = false;
        else if (tag.name === 'c') finishCell();
        else if (tag.name === 'row' && row) {
          done.push(row);
          row = null;
        }
      },
    });
    for await (const _ of rows) {
      while (done.length) yield done.shift() as FileRow;
    }
  } finally {
    zip.close();
  }
}
