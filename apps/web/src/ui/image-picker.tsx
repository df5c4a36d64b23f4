import { CloseOutlined, PaperClipOutlined } from '@ant-design/icons';
import { imageUploadProblem } from '@glass/domain/rules/image-upload';
import { Button, Tag } from 'antd';
import { useId, useRef } from 'react';
import { toastError } from '../api/notices';

/** At most one image (spec 1 §5): image types only, under 5 MB; problems are toasts, as antd's upload does. */
export function ImagePicker({
  file,
  onChange,
  label = 'Attach image',
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  label?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <div className="image-picker">
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        aria-label={label}
        tabIndex={-1}
        style={{ display: 'none' }}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          event.target.value = '';
          if (!chosen) return;
          const problem = imageUploadProblem(chosen);
          if (problem) {
            toastError(problem);
            return;
          }
          onChange(chosen);
        }}
      />
      {file ? (
        <span>
          <Tag>{file.name}</Tag>
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            aria-label={`Remove ${file.name}`}
            title="Remove image"
            onClick={() => onChange(null)}
          />
        </span>
      ) : (
        <Button icon={<PaperClipOutlined />} onClick={() => input.current?.click()}>
          {label}
        </Button>
      )}
    </div>
  );
}
