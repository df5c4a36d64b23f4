import { DMS_MAX_FILE_BYTES } from '@glass/domain';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors.js';
import { formKey } from '../../files/multipart-form.js';
import type { DmsFormat } from './readers.js';

/** The answers to a file that cannot be imported (400 on `File`). */
export const UPLOAD_TEXTS = {
  missing: 'Attach the export as File (a CSV or XLSX file)',
  empty: 'The file is empty',
  tooLarge: `The file is larger than ${DMS_MAX_FILE_BYTES / 1024 / 1024} MB`,
  binary: 'The file is not a CSV or XLSX export: it holds binary data',
  xls: 'Old Excel (.xls) workbooks cannot be read: save the sheet as XLSX or as CSV (UTF-8)',
  utf16: 'The file is UTF-16 text: save it as CSV (UTF-8)',
  encoding: 'The file is not UTF-8 text: save it as CSV (UTF-8)',
} as const;

const starts = (head: Buffer, bytes: number[]) => bytes.every((b, i) => head[i] === b);

/** The format by the first bytes, or the 400 for a file that is neither CSV text nor an XLSX workbook. */
export function sniffFormat(head: Buffer): DmsFormat {
  if (starts(head, [0x50, 0x4b, 0x03, 0x04])) return 'xlsx';
  if (starts(head, [0xd0, 0xcf, 0x11, 0xe0])) throw badRequest('File', UPLOAD_TEXTS.xls);
  if (starts(head, [0xff, 0xfe]) || starts(head, [0xfe, 0xff])) throw badRequest('File', UPLOAD_TEXTS.utf16);
  const signatures = [
    [0x25, 0x50, 0x44, 0x46], // %PDF
    [0x89, 0x50, 0x4e, 0x47], // PNG
    [0xff, 0xd8, 0xff], // JPEG
    [0x47, 0x49, 0x46, 0x38], // GIF
    [0x50, 0x4b, 0x05, 0x06], // empty zip
    [0x1f, 0x8b], // gzip
  ];
  if (signatures.some((s) => starts(head, s))) throw badRequest('File', UPLOAD_TEXTS.binary);
  return 'csv';
}

/**
 * The upload's bytes as they arrive, checked on the way to the file store: the size limit, and for CSV text
 * no NUL byte (binary data), valid UTF-8 (a BOM is fine), and something besides white space. Throws the 400
 * at the first problem, which aborts the store's write. `out.format` is known after the first bytes.
 */
export async function* checkedUpload(
  source: AsyncIterable<Buffer>,
  out: { format?: DmsFormat },
  maxBytes = DMS_MAX_FILE_BYTES,
): AsyncGenerator<Buffer> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let head = Buffer.alloc(0);
  let decided = false;
  let total = 0;
  let text = false;
  const check = (chunk: Buffer) => {
    if (out.format !== 'csv') return;
    if (chunk.includes(0)) throw badRequest('File', UPLOAD_TEXTS.binary);
    let decoded: string;
    try {
      decoded = decoder.decode(chunk, { stream: true });
    } catch {
      throw badRequest('File', UPLOAD_TEXTS.encoding);
    }
    if (!text && /[^\s\uFEFF]/.test(decoded)) text = true;
  };
  for await (const raw of source) {
    const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    total += chunk.length;
    if (total > maxBytes) throw badRequest('File', UPLOAD_TEXTS.tooLarge);
    if (!decided) {
      head = Buffer.concat([head, chunk]);
      if (head.length < 8) continue;
      out.format = sniffFormat(head);
      decided = true;
      check(head);
      yield head;
      continue;
    }
    check(chunk);
    yield chunk;
  }
  if (!decided) {
    if (head.length === 0) throw badRequest('File', UPLOAD_TEXTS.empty);
    out.format = sniffFormat(head);
    check(head);
    yield head;
  }
  if (out.format === 'csv') {
    try {
      decoder.decode();
    } catch {
      throw badRequest('File', UPLOAD_TEXTS.encoding);
    }
    if (!text) throw badRequest('File', UPLOAD_TEXTS.empty);
  }
}

export interface ReceivedFile {
  fields: Map<string, string>;
  fileName: string;
  format: DmsFormat;
  path: string;
  size: number;
}

/**
 * Reads the multipart form (fields, then the one file `File`) and streams the file into the store through
 * `store` (this route's own limit: 50 MB, above the app's 5 MB default). Fields after the file are read too.
 */
export async function receiveFile(
  req: FastifyRequest,
  store: (
    source: AsyncIterable<Buffer>,
    fileName: string,
    format: DmsFormat,
  ) => Promise<{
    path: string;
    size: number;
  }>,
  /** Checks the fields sent before the file (the facility) before anything is stored. */
  beforeFile?: (fields: Map<string, string>) => Promise<void>,
): Promise<ReceivedFile> {
  if (!req.isMultipart()) throw badRequest('File', UPLOAD_TEXTS.missing);
  const fields = new Map<string, string>();
  let received: ReceivedFile | undefined;
  const parts = req.parts({ limits: { fileSize: DMS_MAX_FILE_BYTES + 1, files: 1, fields: 20 } });
  for await (const part of parts) {
    if (part.type === 'field') {
      fields.set(formKey(part.fieldname), String(part.value ?? ''));
      continue;
    }
    if (formKey(part.fieldname) !== 'file') {
      part.file.resume();
      throw badRequest(part.fieldname, `Unexpected file field '${part.fieldname}'; send the export as File`);
    }
    const out: { format?: DmsFormat } = {};
    const fileName = part.filename || 'export';
    try {
      await beforeFile?.(fields);
      // The first bytes decide the format (and the stored name's extension) before anything is stored.
      const checked = checkedUpload(part.file, out);
      const first = await checked.next();
      const format = out.format ?? 'csv';
      async function* whole() {
        if (!first.done) yield first.value;
        yield* checked;
      }
      const saved = await store(whole(), fileName, format);
      received = { fields, fileName, format, ...saved };
    } catch (err) {
      // The rest of the file is read and dropped, so the client gets the answer rather than a reset.
      part.file.resume();
      throw err;
    }
  }
  if (!received) throw badRequest('File', UPLOAD_TEXTS.missing);
  return received;
}
