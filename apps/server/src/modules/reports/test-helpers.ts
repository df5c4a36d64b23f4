/**
 * Fixtures of the reports tests: an independent reading of the figures (rows read plainly and summed in
 * the test with the runtime's time-zone rules, not PostgreSQL's), and readers of the exported files.
 */
import { centsText, toCents } from '@glass/domain';
import type { ReportRow, ReportTable } from '@glass/domain/contracts';
import yauzl from 'yauzl';

/** The calendar day of an instant in a time zone ('2025-01-31'), by Intl, not SQL. */
export function localDay(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)?.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Days between two calendar days (b − a). */
export const dayDiff = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

/** The Monday of a calendar day's ISO week. */
export function mondayOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

export const cents = (v: unknown) => toCents(v as string);

/** PostgreSQL's percentile_cont: linear interpolation between the sorted values; null without values. */
export function percentileCont(values: number[], p: number): number | null {
  if (!values.length) return null;
  const v = [...values].sort((a, b) => a - b);
  const at = p * (v.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return v[lo] + (v[hi] - v[lo]) * (at - lo);
}

/** Groups and counts: key → accumulated record. */
export function tally<T, R>(items: T[], key: (t: T) => string, init: () => R, add: (r: R, t: T) => void) {
  const m = new Map<string, R>();
  for (const t of items) {
    const k = key(t);
    const r = m.get(k) ?? init();
    add(r, t);
    m.set(k, r);
  }
  return m;
}

/** A CSV text as rows of cells (RFC 4180 quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r') {
      /* CRLF */
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** The lines of a table as text the way the CSV writes them (header, rows, totals). */
export function expectedCsv(t: ReportTable): string[][] {
  const lines: ReportRow[] = t.total ? [...t.rows, t.total] : t.rows;
  return [
    t.columns.map((c) => c.title),
    ...lines.map((r) =>
      t.columns.map((c) => {
        const v = r[c.key];
        if (v === null || v === undefined) return '';
        if (c.type === 'cents' && typeof v === 'number') return centsText(v);
        return String(v);
      }),
    ),
  ];
}

/** Every file of a zip (an XLSX workbook) by name. */
export function unzip(buffer: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const files = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The cells of one worksheet as text (shared and inline strings resolved, numbers as written). */
export function sheetCells(files: Map<string, string>, sheetFile: string): string[][] {
  const shared = [...(files.get('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    unescapeXml([...m[1].matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')),
  );
  const xml = files.get(sheetFile) ?? '';
  return [...xml.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((row) => {
    const cells: string[] = [];
    for (const c of row[1].matchAll(/<c ([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const ref = /r="([A-Z]+)\d+"/.exec(c[1])?.[1] ?? '';
      let col = 0;
      for (const ch of ref) col = col * 26 + (ch.charCodeAt(0) - 64);
      const type = /t="(\w+)"/.exec(c[1])?.[1];
      const body = c[2] ?? '';
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      const inline = /<t[^>]*>([\s\S]*?)<\/t>/.exec(body)?.[1];
      const text =
        type === 's'
          ? shared[Number(v)]
          : type === 'inlineStr'
            ? unescapeXml(inline ?? '')
            : unescapeXml(v ?? '');
      while (cells.length < col - 1) cells.push('');
      cells[col - 1] = text ?? '';
    }
    return cells;
  });
}

/** The table's lines as the XLSX holds them: money as a number of currency units, others as written. */
export function expectedSheet(t: ReportTable): string[][] {
  const lines: ReportRow[] = t.total ? [...t.rows, t.total] : t.rows;
  return [
    t.columns.map((c) => c.title),
    ...lines.map((r) =>
      t.columns.map((c) => {
        const v = r[c.key];
        if (v === null || v === undefined) return '';
        if (c.type === 'cents' && typeof v === 'number') return String(v / 100);
        return String(v);
      }),
    ),
  ];
}
