import type { RemittanceUploadResult } from '@glass/domain/contracts/remittances';
import { CLEARING_HOUSE_LOOKUP } from '@glass/domain/resources/lookups';
import { Alert, Button, Form, Upload } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/http';
import { useLookupOptions } from '../../resources/resource-api';
import { SearchSelect } from '../../ui/search-select';
import { remittancesApi } from './remittances-api';

/** Step 1: the clearing house (its saved mapping is offered) and the payment file (CSV UTF-8 or XLSX). */
export function UploadStep({ onUploaded }: { onUploaded: (result: RemittanceUploadResult) => void }) {
  const houses = useLookupOptions(CLEARING_HOUSE_LOOKUP);
  const [clearingHouseId, setClearingHouseId] = useState<number>();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      onUploaded(await remittancesApi.upload(file, clearingHouseId));
    } catch (err) {
      setError(err instanceof ApiError ? (err.firstError ?? err.bodyText ?? err.title) : 'The upload failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form layout="vertical" style={{ maxWidth: 560 }} onFinish={send}>
      <Form.Item label="Clearing house" extra="Its saved column mapping is filled in">
        <SearchSelect<number>
          allowClear
          aria-label="Clearing house"
          placeholder="Choose the clearing house"
          style={{ width: '100%' }}
          value={clearingHouseId}
          onChange={setClearingHouseId}
          options={(houses.data ?? []).map((h) => ({ value: Number(h.value), label: h.label }))}
        />
      </Form.Item>
      <Form.Item label="Payment file" required extra="A CSV (UTF-8) or XLSX file, up to 50 MB">
        <Upload.Dragger
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setError(null);
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
        >
          <p>Drop the payment file here, or click to choose it</p>
        </Upload.Dragger>
      </Form.Item>
      {error ? (
        <Alert type="error" showIcon role="alert" title="The file cannot be imported" description={error} />
      ) : null}
      <Button type="primary" htmlType="submit" loading={busy} disabled={!file} style={{ marginTop: 12 }}>
        Upload
      </Button>
    </Form>
  );
}
