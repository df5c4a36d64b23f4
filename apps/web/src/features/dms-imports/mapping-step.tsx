import { DMS_FIELDS, type DmsField } from '@glass/domain/rules/dms-import';
import type { DmsImport, DmsMappingBody, DmsPreviewResult, DmsUploadResult } from '@glass/domain/contracts';
import { Button, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { showError, withProgress } from '../../api/notices';
import { dmsApi } from './dms-api';
import { PreviewResult } from './preview-result';
import { SearchSelect } from '../../ui/search-select';

const NOT_IMPORTED = -1;

/**
 * Step 2 and 3: each service vehicle field gets a column of the file (the facility's saved mapping, else the
 * recognised one, is offered), then every row is validated on the server and the first rows are shown as
 * they will be imported; Import runs it in the background.
 */
export function MappingStep({
  upload,
  onStarted,
  onBack,
}: {
  upload: DmsUploadResult;
  onStarted: (imp: DmsImport) => void;
  onBack: () => void;
}) {
  const { headers } = upload.import;
  const [mapping, setMapping] = useState<DmsMappingBody>(upload.suggestedMapping);
  const [repairs, setRepairs] = useState(upload.import.defaultRepairCount || 1);
  const [preview, setPreview] = useState<DmsPreviewResult | null>(null);
  const [busy, setBusy] = useState<'preview' | 'start' | null>(null);
  const settings = { mapping, defaultRepairCount: repairs };
  const columns = [
    { value: NOT_IMPORTED, label: 'Not imported' },
    ...headers.map((h, i) => ({ value: i, label: h || `Column ${i + 1}` })),
  ];
  const sample = (col: number | null | undefined) =>
    col === undefined || col === null ? '' : (upload.sample[0]?.[col] ?? '');

  const change = (field: DmsField, col: number) => {
    setPreview(null);
    setMapping((m) => ({ ...m, [field]: col === NOT_IMPORTED ? null : col }));
  };
  const run = async (what: 'preview' | 'start') => {
    setBusy(what);
    try {
      if (what === 'preview')
        setPreview(await withProgress(dmsApi.preview(upload.import.id, settings), 'Checked'));
      else onStarted(await dmsApi.start(upload.import.id, settings));
    } catch (err) {
      if (what === 'start') showError(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      <Typography.Paragraph>
        {upload.import.fileName}: {headers.length} columns.{' '}
        {upload.mappingSource === 'saved'
          ? 'The mapping saved for this facility is filled in.'
          : 'Columns with common DMS names are filled in.'}
      </Typography.Paragraph>
      <table className="dms-mapping" aria-label="Column mapping">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Column of the file</th>
            <th scope="col">First row</th>
          </tr>
        </thead>
        <tbody>
          {DMS_FIELDS.map((field) => (
            <tr key={field.key}>
              <th scope="row">
                {field.label}
                {'required' in field ? ' *' : ''}
              </th>
              <td>
                <SearchSelect<number>
                  aria-label={`Column for ${field.label}`}
                  style={{ width: '100%' }}
                  minWidth={160}
                  value={mapping[field.key] ?? NOT_IMPORTED}
                  onChange={(v) => change(field.key, v)}
                  options={columns}
                />
              </td>
              <td className="dms-sample">{sample(mapping[field.key])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Space wrap style={{ margin: '12px 0' }}>
        <span id="dms-repairs-label">Repairs when the file gives no count</span>
        <Select<number>
          aria-labelledby="dms-repairs-label"
          value={repairs}
          onChange={(v) => {
            setRepairs(v);
            setPreview(null);
          }}
          options={[1, 2, 3, 4].map((n) => ({ value: n, label: n === 4 ? '4 (replacement)' : String(n) }))}
          style={{ width: 160 }}
        />
      </Space>
      <Space wrap>
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
          {preview ? `Import ${preview.validRows} rows` : 'Import'}
        </Button>
      </Space>
      {preview ? <PreviewResult preview={preview} headers={headers} /> : null}
    </div>
  );
}
