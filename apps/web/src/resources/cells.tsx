import { usStateName } from '@glass/domain/enums';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { formatPhone } from '../ui/phone';
import type { CellFormat, ColumnDef } from '@glass/domain/resources/define';
import type { CsvCell } from '@glass/domain/rules/csv';
import { Tag } from 'antd';
import type { ReactNode } from 'react';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A cell value as text (also what the CSV export writes). */
export function cellText(value: unknown, format: CellFormat = 'text', column?: ColumnDef): CsvCell {
  if (value === null || value === undefined || value === '') return '';
  switch (format) {
    case 'money':
      return typeof value === 'number' ? money.format(value) : String(value);
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'flag':
      return value ? (column?.flagText ?? 'Yes') : '';
    case 'datetime':
      return formatDateTime(String(value));
    case 'number':
      return typeof value === 'number' ? value : String(value);
    case 'phone':
      return formatPhone(String(value));
    default:
      return String(value);
  }
}

export function renderCell(value: unknown, column: ColumnDef): ReactNode {
  const format = column.format ?? 'text';
  if (format === 'flag') return value ? <Tag color="error">{column.flagText ?? 'Yes'}</Tag> : null;
  if (format === 'state' && typeof value === 'string') return <span title={usStateName(value)}>{value}</span>;
  const text = cellText(value, format, column);
  return text === '' ? null : String(text);
}
