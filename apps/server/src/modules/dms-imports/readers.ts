import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import type { FileStore } from '../../files/file-store.js';
import { CSV_MAX_LINE_CHARS, TABLE_MAX_COLUMNS } from '../../files/limits.js';
import { badRequest } from '../../http/errors.js';
import { xlsxRows } from './xlsx-reader.js';

/** One line of the file: its row number as a spreadsheet shows it (the header is usually row 1) and its cells. */
export interface FileRow {
  rowNumber: number;
  cells: string[];
}

export type DmsFormat = 'csv' | 'xlsx';

/** A problem with the file's content that surfaces while reading it (the upload's or preview's 400). */
export class FileContentError extends Error {}

async function openStored(files: FileStore, filePath: string): Promise<Readable> {
  const found = await files.find(filePath);
  const opened = found && (await files.open(found));
  if (!opened) throw new Error(`the stored import file ${filePath} is missing`);
  return opened.stream;
}

/** The delimiter of a CSV export, guessed from its first line: comma, semicolon, tab or pipe. */
export function guessDelimiter(firstLine: string): string {
  let best = ',';
  let bestCount = 0;
  for (const d of [',', ';', '\t', '|']) {
    let count = 0;
    let quoted = false;
    for (const ch of firstLine) {
      if (ch === '"') quoted = !quoted;
      else if (ch === d && !quoted) count++;
    }
    if (count > bestCount) [best, bestCount] = [d, count];
  }
  return best;
}

async function firstLineOf(files: FileStore, filePath: string): Promise<string> {
  const stream = await openStored(files, filePath);
  let text = '';
  try {
    for await (const chunk of stream) {
      text += Buffer.from(chunk).toString('utf8');
      const nl = text.search(/[\r\n]/);
      if (nl >= 0) return text.slice(0, nl);
      if (text.length > 64 * 1024) break;
    }
  } finally {
    stream.destroy();
  }
  return text;
}

const blank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/**
 * The rows of a stored CSV file, streamed (UTF-8, BOM dropped, delimiter guessed); blank lines skipped.
 * Limits (files/limits.ts): a record of at most CSV_MAX_LINE_CHARS characters (csv-parse stops there, so an
 * endless line or an unclosed quote is never held whole) and TABLE_MAX_COLUMNS columns.
 */
async function* csvRows(files: FileStore, filePath: string): AsyncGenerator<FileRow> {
  const delimiter = guessDelimiter(await firstLineOf(files, filePath));
  const source = await openStored(files, filePath);
  const parser = source.pipe(
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: CSV_MAX_LINE_CHARS,
      info: true,
    }),
  );
  source.on('error', (err) => parser.destroy(err));
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (record.length > TABLE_MAX_COLUMNS)
        throw new FileContentError(
          `Line ${info.lines} of the CSV file has ${record.length.toLocaleString('en-US')} columns: an export may have at most ${TABLE_MAX_COLUMNS.toLocaleString('en-US')}`,
        );
      if (blank(record)) continue;
      yield { rowNumber: info.lines, cells: record };
    }
  } catch (err: any) {
    if (err?.code === 'CSV_MAX_RECORD_SIZE')
      throw new FileContentError(
        `A line of the CSV file is longer than ${CSV_MAX_LINE_CHARS.toLocaleString('en-US')} characters (line ${err.lines ?? '?'}; an unclosed quote makes one line of the rest of the file)`,
      );
    if (typeof err?.code === 'string' && err.code.startsWith('CSV_'))
      throw new FileContentError(`The CSV file cannot be read: ${err.message}`);
    throw err;
  } finally {
    parser.destroy();
    source.destroy();
  }
}

/** The first worksheet of a stored XLSX workbook, spooled to a temporary file (a zip is read from its end). */
async function* workbookRows(files: FileStore, filePath: string): AsyncGenerator<FileRow> {
  const tmp = path.join(os.tmpdir(), `glass-dms-${randomBytes(8).toString('hex')}.xlsx`);
  try {
    await pipeline(await openStored(files, filePath), createWriteStream(tmp, { flags: 'wx' }));
    for await (const row of xlsxRows(tmp)) {
      if (blank(row.cells)) continue;
      yield row;
    }
  } finally {
    await fs.rm(tmp, { force: true }).catch(() => {});
  }
}

/** Every non-blank row of the stored file, the header first, streamed whatever the file's size. */
export function readRows(files: FileStore, filePath: string, format: DmsFormat): AsyncGenerator<FileRow> {
  return format === 'xlsx' ? workbookRows(files, filePath) : csvRows(files, filePath);
}

/** The header and the first `sample` data rows; a file without them is a 400 on `File`. */
export async function readHead(
  files: FileStore,
  filePath: string,
  format: DmsFormat,
  sample: number,
): Promise<{ headers: string[]; rows: FileRow[] }> {
  const rows: FileRow[] = [];
  let headers: string[] | undefined;
  const it = readRows(files, filePath, format);
  try {
    for await (const row of it) {
      if (!headers) headers = row.cells.map((c) => c.trim());
      else rows.push(row);
      if (rows.length >= sample) break;
    }
  } catch (err) {
    if (err instanceof FileContentError) throw badRequest('File', err.message);
    throw err;
  } finally {
    await it.return(undefined);
  }
  return { headers: headers ?? [], rows };
}
