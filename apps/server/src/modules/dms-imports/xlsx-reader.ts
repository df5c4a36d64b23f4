import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';
import type { FileRow } from './readers.js';

/**
 * A small streaming reader of the first worksheet of an XLSX workbook (Office Open XML, ECMA-376): the zip is
 * read through its central directory (yauzl, from a temporary file) and the XML parts are streamed through a
 * SAX parser (saxes), so only the shared strings are held in memory, never the sheet. Cells are returned as
 * text: shared and inline strings, formula results (`t="str"`), booleans as TRUE/FALSE, numbers as written
 * (a date is its serial number, which the row rules turn into a date where a date is expected).
 */

export class XlsxError extends Error {}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: false }, (err, zip) =>
      err || !zip ? reject(new XlsxError('The file is not a readable XLSX workbook')) : resolve(zip),
    ),
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
    zip.on('error', () => reject(new XlsxError('The file is not a readable XLSX workbook')));
    zip.readEntry();
  });
  return entries;
}

function streamOf(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) =>
      err || !stream ? reject(new XlsxError('The XLSX workbook is damaged')) : resolve(stream),
    ),
  );
}

/**
 * Streams one XML part through a SAX parser; `onChunk` runs after each piece of the part has been parsed,
 * so a generator can hand on what that piece completed.
 */
async function* parseXml(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  setup: (parser: SaxesParser) => void,
): AsyncGenerator<void> {
  const parser = new SaxesParser();
  let failure: Error | undefined;
  parser.on('error', (err) => {
    failure ??= new XlsxError(`The XLSX workbook is damaged: ${err.message}`);
  });
  setup(parser);
  const stream = await streamOf(zip, entry);
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of stream) {
      parser.write(decoder.write(chunk as Buffer));
      if (failure) throw failure;
      yield;
    }
    parser.write(decoder.end());
    parser.close();
    if (failure) throw failure;
    yield;
  } finally {
    stream.destroy();
  }
}

async function readXml(zip: yauzl.ZipFile, entry: yauzl.Entry, setup: (parser: SaxesParser) => void) {
  for await (const _ of parseXml(zip, entry, setup));
}

/** The path of the workbook's first sheet (workbook.xml and its relationships), else sheet1.xml. */
async function firstSheetPath(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>): Promise<string> {
  const fallback = 'xl/worksheets/sheet1.xml';
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) return fallback;
  let relId: string | undefined;
  await readXml(zip, workbook, (p) =>
    p.on('opentag', (tag: SaxesTagPlain) => {
      if (!relId && tag.name.endsWith('sheet') && !tag.name.endsWith('sheets'))
        relId = String(tag.attributes['r:id'] ?? '');
    }),
  );
  let target: string | undefined;
  await readXml(zip, rels, (p) =>
    p.on('opentag', (tag: SaxesTagPlain) => {
      if (tag.name === 'Relationship' && tag.attributes.Id === relId) target = String(tag.attributes.Target);
    }),
  );
  if (!target) return fallback;
  return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
}

async function sharedStrings(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let current: string | null = null;
  let inText = false;
  // Phonetic runs (<rPh>) are reading aids, not part of the text.
  let phonetic = 0;
  await readXml(zip, entry, (p) => {
    p.on('opentag', (tag: SaxesTagPlain) => {
      if (tag.name === 'si') current = '';
      else if (tag.name === 'rPh') phonetic++;
      else if (tag.name === 't' && phonetic === 0) inText = true;
    });
    p.on('text', (text) => {
      if (inText && current !== null) current += text;
    });
    p.on('closetag', (tag) => {
      if (tag.name === 't') inText = false;
      else if (tag.name === 'rPh') phonetic--;
      else if (tag.name === 'si') {
        strings.push(current ?? '');
        current = null;
      }
    });
  });
  return strings;
}

/** 'B12' → 1 (column index, 0-based). */
export function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n - 1;
}

/** The rows of the workbook's first sheet, in order, each with its row number (`r`). */
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
          ? (strings[Number(raw)] ?? '')
          : cell.type === 'b'
            ? raw === '1'
              ? 'TRUE'
              : 'FALSE'
            : cell.type === 'e'
              ? ''
              : raw;
      while (row.cells.length < cell.col) row.cells.push('');
      row.cells[cell.col] = text;
      nextCol = cell.col + 1;
      cell = null;
    };
    const rows = parseXml(zip, sheet, (p) => {
      p.on('opentag', (tag: SaxesTagPlain) => {
        switch (tag.name) {
          case 'row': {
            const r = Number(tag.attributes.r);
            lastRow = Number.isInteger(r) && r > 0 ? r : lastRow + 1;
            row = { rowNumber: lastRow, cells: [] };
            nextCol = 0;
            break;
          }
          case 'c': {
            const ref = tag.attributes.r ? String(tag.attributes.r) : '';
            cell = {
              col: ref ? columnIndex(ref) : nextCol,
              type: String(tag.attributes.t ?? 'n'),
              value: '',
            };
            break;
          }
          case 'v':
          case 't':
            if (cell) inValue = true;
            break;
        }
      });
      p.on('text', (text) => {
        if (inValue && cell) cell.value += text;
      });
      p.on('closetag', (tag) => {
        if (tag.name === 'v' || tag.name === 't') inValue = false;
        else if (tag.name === 'c') finishCell();
        else if (tag.name === 'row' && row) {
          done.push(row);
          row = null;
        }
      });
    });
    for await (const _ of rows) {
      while (done.length) yield done.shift() as FileRow;
    }
  } finally {
    zip.close();
  }
}
