import { UploadOutlined } from '@ant-design/icons';
import { imageUploadProblem } from '@glass/domain/rules/image-upload';
import { Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { inlineError, withProgress } from '../api/notices';
import { AuthImage } from './auth-image';
import { resourceApi } from './resource-api';

/**
 * Uploads one image (checked here for type and size, and again by content on the server) and
 * shows it. `fields` go with the file (e.g. facilityId); the server answers `{filePath}`.
 */
export function ImageUpload({
  label,
  uploadPath,
  picturePath,
  value,
  onChange,
  fields = {},
  disabled,
}: {
  label: string;
  uploadPath: string;
  picturePath: string;
  value?: string | null;
  onChange?: (filePath: string) => void;
  fields?: Record<string, string>;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    const problem = imageUploadProblem(file);
    if (problem) return inlineError(problem);
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', file);
    setBusy(true);
    try {
      const res = await withProgress(resourceApi.uploadImage(uploadPath, form));
      onChange?.(res.filePath);
    } catch {
      // withProgress showed the notice.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space align="center">
      <AuthImage path={picturePath} filePath={value} alt={label} size={64} />
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} disabled={disabled} aria-label={`Upload ${label}`}>
          {`Upload ${label}`}
        </Button>
      </Upload>
    </Space>
  );
}
