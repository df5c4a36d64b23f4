import type { DmsPreviewResult, DmsPreviewRow } from '@glass/domain/contracts';
import { Typography } from 'antd';
import { DataTable } from '../../ui/data-table';

type Values = NonNullable<DmsPreviewRow['values']>;
const name = (v: Values) => [v.firstName, v.lastName].filter(Boolean).join(' ');
const vehicle = (v: Values) => [v.year, v.make, v.model].filter(Boolean).join(' ');

/** The server's check of every row: counts, the first rows as they will be imported, the rows that will not. */
export function PreviewResult({ preview, headers }: { preview: DmsPreviewResult; headers: string[] }) {
  const valid = preview.rows.filter((r) => r.values);
  const errors = preview.errorRows.flatMap((row) =>
    row.errors.map((e, i) => ({
      key: `${row.rowNumber}-${i}`,
      rowNumber: row.rowNumber,
      column: headers[e.column] ?? '',
      value: row.cells[e.column] ?? '',
      message: e.message,
    })),
  );
  return (
    <section aria-label="Preview" style={{ marginTop: 16 }}>
      <p role="status" aria-live="polite">
        <strong>{preview.totalRows}</strong> rows: <strong>{preview.validRows}</strong> will be imported,{' '}
        <strong>{preview.failedRows}</strong> {preview.failedRows === 1 ? 'has' : 'have'} errors and will be
        skipped.
      </p>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        First rows as they will be imported
      </Typography.Title>
      <DataTable
        label="Rows to import"
        rowKey="rowNumber"
        dataSource={valid}
        pagination={false}
        empty="No valid rows"
        columns={[
          { key: 'row', title: 'Row', width: 64, dataIndex: 'rowNumber' },
          { key: 'ro', title: 'RO number', render: (_, r) => r.values?.roNumber },
          { key: 'vin', title: 'VIN', render: (_, r) => r.values?.vin ?? '' },
          { key: 'vehicle', title: 'Vehicle', render: (_, r) => (r.values ? vehicle(r.values) : '') },
          { key: 'customer', title: 'Customer', render: (_, r) => (r.values ? name(r.values) : '') },
          { key: 'repairs', title: 'Repairs', width: 90, render: (_, r) => r.values?.repairCount ?? '' },
        ]}
      />
      {errors.length ? (
        <>
          <Typography.Title level={3} style={{ fontSize: 16, marginTop: 16 }}>
            Rows with errors{preview.failedRows > preview.errorRows.length ? ' (the first ones)' : ''}
          </Typography.Title>
          <DataTable
            label="Rows with errors"
            rowKey="key"
            dataSource={errors}
            pagination={false}
            empty="No errors"
            columns={[
              { key: 'row', title: 'Row', width: 64, dataIndex: 'rowNumber' },
              { key: 'column', title: 'Column', dataIndex: 'column' },
              { key: 'value', title: 'Value', dataIndex: 'value' },
              { key: 'message', title: 'Problem', dataIndex: 'message' },
            ]}
          />
        </>
      ) : null}
    </section>
  );
}
