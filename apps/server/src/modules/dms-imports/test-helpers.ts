import { crc32, deflateRawSync } from 'node:zlib';
import { type DmsImport, type DmsUploadResult, dmsImport, dmsUploadResult } from '@glass/domain/contracts';
import { auth, parseAs } from '../../../test/harness.js';
import { multipart } from '../../../test/multipart.js';
import type { App } from '../../app-type.js';
import { FileStore } from '../../files/file-store.js';
import { hubOf } from '../../realtime/hub.js';
import { runImport, type RunOptions } from './job.js';

/** A valid VIN for the n-th test vehicle: 16 characters plus the check digit in position 9. */
export function testVin(n: number): string {
  const body = `1HGCM826${'0'}3A${String(n % 1_000_000).padStart(6, '0')}`;
  const VALUES: Record<string, number> = { H: 8, G: 7, C: 3, M: 4, A: 1 };
  const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const ch = body[i];
    sum += (/\d/.test(ch) ? Number(ch) : VALUES[ch]) * WEIGHTS[i];
  }
  const check = sum % 11 === 10 ? 'X' : String(sum % 11);
  return body.slice(0, 8) + check + body.slice(9);
}

export const HEADERS = [
  'RO Number',
  'RO Status',
  'Open Date',
  'VIN',
  'Year',
  'Make',
  'Model',
  'Customer Name',
  'Cell Phone',
];

/** CSV text (CRLF) of rows under a header, quoting what needs it. */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** A DMS row with a unique RO (prefix + n) and valid values. */
export const dmsRow = (prefix: string, n: number, over: Partial<Record<number, string>> = {}): string[] => {
  const row = [
    `${prefix}${n}`,
    'Open',
    '3/4/2025',
    testVin(n),
    '2021',
    'Honda',
    'Accord',
    `Smith${n}, Jo`,
    '(281) 894-4520',
  ];
  for (const [i, v] of Object.entries(over)) row[Number(i)] = v as string;
  return row;
};

/** A minimal XLSX workbook (one sheet, shared strings), deflated like Excel writes it. */
export function xlsxOf(rows: readonly (readonly (string | number)[])[]): Buffer {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const col = (i: number) => {
    let s = '';
    for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
    return s;
  };
  const sheetRows = rows
    .map((row, r) => {
      const cells = row
        .map((v, c) => {
          const ref = `${col(c)}${r + 1}`;
          if (typeof v === 'number') return `<c r="${ref}"><v>${v}</v></c>`;
          if (v === '') return '';
          let k = index.get(v);
          if (k === undefined) {
            k = strings.length;
            strings.push(v);
            index.set(v, k);
          }
          return `<c r="${ref}" t="s"><v>${k}</v></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const files: [string, string][] = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ],
    [
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="ROs" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    ],
    // The sheet before the shared strings, as Excel orders them: the reader must not depend on the order.
    [
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}"><sheetData>${sheetRows}</sheetData></worksheet>`,
    ],
    [
      'xl/sharedStrings.xml',
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${ns}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t xml:space="preserve">${esc(s)}</t></si>`).join('')}</sst>`,
    ],
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of files) {
    const data = Buffer.from(text, 'utf8');
    const packed = deflateRawSync(data);
    const nameBuf = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, packed);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** POST /api/DmsImports with the file; answers the raw response. */
export function uploadFile(
  app: App,
  token: string,
  file: { name: string; data: Buffer | string; type?: string },
  facilityId = 1,
) {
  const body = multipart(
    { FacilityId: String(facilityId) },
    {
      name: file.name,
      type: file.type ?? 'text/csv',
      data: Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data),
      field: 'File',
    },
  );
  return app.inject({
    method: 'POST',
    url: '/api/DmsImports',
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
}

export async function upload(
  app: App,
  token: string,
  file: { name: string; data: Buffer | string },
  facilityId = 1,
) {
  const res = await uploadFile(app, token, file, facilityId);
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return parseAs(dmsUploadResult, res) as DmsUploadResult;
}

export async function getImport(app: App, token: string, id: number): Promise<DmsImport> {
  const res = await app.inject({ method: 'GET', url: `/api/DmsImports/${id}`, headers: auth(token) });
  return parseAs(dmsImport, res);
}

/** Polls the import until it has left queued and running (the job runs on the app's queue). */
export async function settled(app: App, token: string, id: number, ms = 60_000): Promise<DmsImport> {
  const end = Date.now() + ms;
  for (;;) {
    const imp = await getImport(app, token, id);
    if (imp.status !== 'queued' && imp.status !== 'running') return imp;
    if (Date.now() > end) throw new Error(`import ${id} still ${imp.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Runs the import job in the test (not through the queue), with its test hooks; `busy`: whether the app counts as
 * busy (decision 0039; default never).
 */
export function runImportNow(app: App, id: number, opts: RunOptions = {}, busy?: () => boolean) {
  const { db, config } = app.deps;
  return runImport({ db, files: new FileStore(db, config), hub: hubOf(app), busy }, id, opts);
}
