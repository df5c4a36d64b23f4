/**
 * CSV and XLSX of a report's tables: the same columns (by their titles), the same rows in the same order
 * and the totals line under them, exactly what the screen shows. Cents are written as money (1234.56;
 * in XLSX a number with two decimals), percentages, days and minutes as numbers, text as text (CSV: the
 * domain's writer, which escapes spreadsheet formulas; XLSX: write-excel-file, text cells are never
 * formulas).
 */
import { centsText, toCsv } from '@glass/domain';
import type { ReportAnswer, ReportColumn, ReportRow, ReportTable } from '@glass/domain/contracts';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import { badRequest } from '../../http/errors.js';

/** The lines of a table as exported: the rows, then the totals line when there is one. */
export const exportedLines = (t: ReportTable): ReportRow[] => (t.total ? [...t.rows, t.total] : t.rows);

function csvValue(c: ReportColumn, v: ReportRow[string] | undefined): string | number | null {
  if (v === null || v === undefined) return null;
  if (c.type === 'cents' && typeof v === 'number') return centsText(v);
  return v;
}

export function pickTable(answer: ReportAnswer, id: string | undefined): ReportTable {
  if (id === undefined) return answer.tables[0];
  const t = answer.tables.find((x) => x.id === id);
  if (!t)
    throw badRequest('table', `Unknown table; this report has ${answer.tables.map((x) => x.id).join(', ')}`);
  return t;
}

export function reportCsv(t: ReportTable): string {
  return toCsv(
    t.columns.map((c) => c.title),
    exportedLines(t).map((r) => t.columns.map((c) => csvValue(c, r[c.key]))),
  );
}

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\, unique in the workbook. */
function sheetName(title: string, used: Set<string>): string {
  const base =
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 28)
      .trim() || 'Sheet';
  let name = base;
  for (let i = 2; used.has(name.toLowerCase()); i++) name = `${base} ${i}`;
  used.add(name.toLowerCase());
  return name;
}

function sheetData(t: ReportTable): SheetData {
  const header = t.columns.map((c) => ({ value: c.title, fontWeight: 'bold' as const }));
  const lines = exportedLines(t).map((r, i) =>
    t.columns.map((c) => {
      const v = r[c.key];
      const bold = t.total && i === t.rows.length ? { fontWeight: 'bold' as const } : {};
      if (v === null || v === undefined) return null;
      if (typeof v === 'number')
        return c.type === 'cents'
          ? { value: v / 100, type: Number, format: '#,##0.00', ...bold }
          : c.type === 'percent' || c.type === 'days'
            ? { value: v, type: Number, format: '0.0', ...bold }
            : { value: v, type: Number, ...bold };
      return { value: v, type: String, ...bold };
    }),
  );
  return [header, ...lines];
}

/** The workbook: one sheet per table (or the one table asked for). */
export async function reportXlsx(tables: ReportTable[]): Promise<Buffer> {
  const used = new Set<string>();
  return writeXlsxFile(
    tables.map((t) => ({
      data: sheetData(t),
      sheet: sheetName(t.title, used),
      columns: t.columns.map((c) => ({ width: c.type === 'text' ? 28 : 16 })),
      stickyRowsCount: 1,
    })),
  ).toBuffer();
}

/** 'sales-by-facility-2026-01-01-2026-11-27.csv' */
export function exportFileName(
  answer: ReportAnswer,
  table: ReportTable | undefined,
  ext: 'csv' | 'xlsx',
): string {
  return `${answer.report}${table ? `-${table.id}` : ''}-${answer.from}-${answer.to}.${ext}`;
}
