import type {
  RemittanceImport,
  RemittanceMappingBody,
  RemittancePreviewResult,
  RemittanceUploadResult,
} from '@glass/domain/contracts/remittances';
import { REMITTANCE_FIELDS, type RemittanceField } from '@glass/domain/rules/remittance-file';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { showError, withProgress } from '../../api/notices';
import { DataTable } from '../../ui/data-table';
import { Money } from '../../ui/money';
import { SearchSelect } from '../../ui/search-select';
import { remittancesApi } from './remittances-api';

const NOT_READ = -1;

/**
 * Step 2: each payment field gets a column of the file (the clearing house's saved mapping, else the recognised
 * one), every line is read on the server (Preview: counts, total paid, first lines, unreadable ones), then Start
 * import saves the mapping for the clearing house and runs the import in the background.
 */
export function MappingStep({
  upload,
  onStarted,
  onBack,
}: {
  upload: RemittanceUploadResult;
  onStarted: (imp: RemittanceImport) => void;
  onBack: () => void;
}) {
  const { headers } = upload.import;
  const [mapping, setMapping] = useState<RemittanceMappingBody>(upload.suggestedMapping);
  const [preview, setPreview] = useState<RemittancePreviewResult | null>(null);
  const [busy, setBusy] = useState<'preview' | 'start' | null>(null);
  const columns = [
    { value: NOT_READ, label: 'Not read' },
    ...headers.map((h, i) => ({ value: i, label: h || `Column ${i + 1}` })),
  ];
  const sample = (col: number | null | undefined) =>
    col === undefined || col === null ? '' : (upload.sample[0]?.[col] ?? '');
  const change = (field: RemittanceField, col: number) => {
    setPreview(null);
    setMapping((m) => ({ ...m, [field]: col === NOT_READ ? null : col }));
  };
  const run = async (what: 'preview' | 'start') => {
    setBusy(what);
    try {
      if (what === 'preview')
        setPreview(await withProgress(remittancesApi.preview(upload.import.id, mapping), 'Checked'));
      else onStarted(await remittancesApi.start(upload.import.id, mapping));
    } catch (err) {
      if (what === 'start') showError(err);
    } finally {
      setBusy(null);
    }
  };
  const errors = (preview?.errorRows ?? []).flatMap((row) =>
    row.errors.map((e, i) => ({
      key: `${row.rowNumber}-${i}`,
      rowNumber: row.rowNumber,
      column: headers[e.column] ?? '',
      value: row.cells[e.column] ?? '',
      message: e.message,
    })),
  );

  return (
    <div>
      <Typography.Paragraph>
        {upload.import.fileName}
        {upload.import.clearingHouseName ? ` from ${upload.import.clearingHouseName}` : ''}: {headers.length}{' '}
        columns.{' '}
        {upload.mappingSource === 'saved'
          ? 'The mapping saved for this clearing house is filled in.'
          : 'Columns with common payment file names are filled in.'}
      </Typography.Paragraph>
      <table className="rmt-mapping" aria-label="Column mapping">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Column of the file</th>
            <th scope="col">First row</th>
          </tr>
        </thead>
        <tbody>
          {REMITTANCE_FIELDS.map((field) => (
            <tr key={field.key}>
              <th scope="row">{field.label}</th>
              <td>
                <SearchSelect<number>
                  aria-label={`Column for ${field.label}`}
                  style={{ width: '100%' }}
                  minWidth={160}
                  value={mapping[field.key] ?? NOT_READ}
                  onChange={(v) => change(field.key, v)}
                  options={columns}
                />
              </td>
              <td className="rmt-sample">{sample(mapping[field.key])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Space wrap style={{ margin: '12px 0' }}>
        <Button onClick={onBack}>Choose another file</Button>
        <Button onClick={() => run('preview')} loading={busy === 'preview'}>
          Preview
        </Button>
        <Button
          type="primary"
          disabled={!preview || preview.validRows === 0}
          loading={busy === 'start'}
          onClick={() => run('start')}
        >
          Start import
        </Button>
      </Space>
      {preview ? (
        <section aria-label="Preview">
          <p role="status" aria-live="polite">
            <strong>{preview.totalRows}</strong> lines: <strong>{preview.validRows}</strong> readable,{' '}
            <strong>{preview.failedRows}</strong> unreadable; total paid{' '}
            <Money cents={preview.totalPaidCents} />.
          </p>
          <DataTable
            label="First lines as they will be imported"
            rowKey="rowNumber"
            dataSource={preview.rows.filter((r) => r.values)}
            pagination={false}
            empty="No readable lines"
            columns={[
              { key: 'row', title: 'Row', width: 64, dataIndex: 'rowNumber' },
              { key: 'claim', title: 'Claim number', render: (_, r) => r.values?.claimNumber ?? '' },
              { key: 'invoice', title: 'Invoice number', render: (_, r) => r.values?.invoiceNumber ?? '' },
              { key: 'payer', title: 'Payer', render: (_, r) => r.values?.payerName ?? '' },
              {
                key: 'paid',
                title: 'Paid',
                width: 110,
                render: (_, r) => (r.values ? <Money cents={r.values.paidCents} /> : ''),
              },
            ]}
          />
          {errors.length ? (
            <DataTable
              label="Unreadable lines"
              rowKey="key"
              dataSource={errors}
              pagination={false}
              empty="None"
              columns={[
                { key: 'row', title: 'Row', width: 64, dataIndex: 'rowNumber' },
                { key: 'column', title: 'Column', dataIndex: 'column' },
                { key: 'value', title: 'Value', dataIndex: 'value' },
                { key: 'message', title: 'Problem', dataIndex: 'message' },
              ]}
            />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
