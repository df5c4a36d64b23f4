import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { imageUploadProblem } from '@glass/domain/rules/image-upload';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { Button, Input, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { recordsApi } from './records-api';
import { toastError } from '../../../api/notices';
import { ThumbnailImage } from '../../../ui/thumbnail-image';
import { useInvoiceList } from '../documents/documents-api';
import { useRecordWrite } from './records-form';
import { byLine, QueryBody } from './records-section';
import type { InvoiceExtraImage } from '@glass/domain/contracts/invoices';

type ExtraImage = InvoiceExtraImage;

/** GET/POST /api/Invoices/{id}/ExtraImages: thumbnails (each opens full size) and an upload. */
export function ImagesSection({ invoiceId, canWrite }: { invoiceId: number; canWrite: boolean }) {
  const images = useInvoiceList<ExtraImage>(invoiceId, 'images', `/Invoices/${invoiceId}/ExtraImages`);
  return (
    <>
      {canWrite && <ImageUploader invoiceId={invoiceId} />}
      <QueryBody query={images} label="images" empty="No images yet.">
        {(rows) => (
          <ul
            aria-label="Invoice images"
            style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 12 }}
          >
            {rows.map((image) => (
              <li key={image.id} data-testid="invoice-image" style={{ width: 150, overflowWrap: 'anywhere' }}>
                <ThumbnailImage
                  url={image.url}
                  alt={image.caption || `Invoice image ${image.id}`}
                  size={150}
                />
                <div style={{ fontSize: 13 }}>
                  {image.caption && <div>{image.caption}</div>}
                  <div style={{ opacity: 0.75 }}>{byLine(formatDateTime(image.createdAt), image.user)}</div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryBody>
    </>
  );
}

/** One POST per chosen file, so the list shows each file's progress; images are checked here and on the server. */
function ImageUploader({ invoiceId }: { invoiceId: number }) {
  const [caption, setCaption] = useState('');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const write = useRecordWrite(invoiceId);
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12, alignItems: 'flex-start' }}>
      <Input
        aria-label="Image caption"
        placeholder="Caption (optional)"
        value={caption}
        maxLength={200}
        onChange={(event) => setCaption(event.target.value)}
        style={{ maxWidth: 280 }}
      />
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        multiple
        beforeUpload={(file) => {
          const problem = imageUploadProblem(file);
          if (!problem) return true;
          toastError(`${file.name}: ${problem}`);
          return Upload.LIST_IGNORE;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          const form = new FormData();
          form.append('Files', file as File);
          if (caption.trim()) form.append('Caption', caption.trim());
          const done = await write(() => recordsApi.addImage(invoiceId, form), 'Image uploaded');
          if (done) onSuccess?.(null);
          else onError?.(new Error('Upload failed'));
        }}
        // Finished files leave the list: the thumbnails below show them.
        fileList={files}
        onChange={({ fileList }) => {
          setFiles(fileList.filter((f) => f.status !== 'done'));
          if (fileList.every((f) => f.status !== 'uploading')) setCaption('');
        }}
        showUploadList={{ showRemoveIcon: true }}
      >
        <Button icon={<UploadOutlined aria-hidden />}>Upload images</Button>
      </Upload>
    </div>
  );
}
