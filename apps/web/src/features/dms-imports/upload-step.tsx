import type { DmsUploadResult } from '@glass/domain/contracts';
import { Alert, Button, Form, Select, Upload } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/http';
import { useSessionState } from '../../api/use-session';
import { dmsApi } from './dms-api';

/** Step 1: the facility and the file (CSV UTF-8 or XLSX, up to 50 MB), uploaded to the server. */
export function UploadStep({ onUploaded }: { onUploaded: (result: DmsUploadResult) => void }) {
  const { facilities, user } = useSessionState();
  const [chosen, setFacilityId] = useState<number>();
  // The user's own facility until another is chosen (the session may arrive after the first render).
  const facilityId = chosen ?? user?.facility?.id ?? undefined;
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    if (!file || !facilityId) return;
    setBusy(true);
    setError(null);
    try {
      onUploaded(await dmsApi.upload(file, facilityId));
    } catch (err) {
      setError(err instanceof ApiError ? (err.firstError ?? err.bodyText ?? err.title) : 'The upload failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form layout="vertical" style={{ maxWidth: 560 }} onFinish={send}>
      <Form.Item label="Facility of the import" required>
        <Select<number>
          aria-label="Facility of the import"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Choose the facility"
          value={facilityId}
          onChange={setFacilityId}
          options={facilities.map((f) => ({ value: f.id, label: f.name }))}
        />
      </Form.Item>
      <Form.Item label="DMS export" required extra="A CSV (UTF-8) or XLSX file, up to 50 MB">
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
          <p>Drop the export here, or click to choose it</p>
        </Upload.Dragger>
      </Form.Item>
      {error ? (
        <Alert type="error" showIcon role="alert" title="The file cannot be imported" description={error} />
      ) : null}
      <Button
        type="primary"
        htmlType="submit"
        loading={busy}
        disabled={!file || !facilityId}
        style={{ marginTop: 12 }}
      >
        Upload
      </Button>
    </Form>
  );
}
