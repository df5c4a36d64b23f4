import { ThumbnailImage } from '../../ui/thumbnail-image';
import { ImagePicker } from '../../ui/image-picker';
import type { SvImages } from './sv-api';

/** The image fields of PUT /api/ServiceVehicle/{id} (server edit-form.ts), as the detail names their paths. */
export const IMAGE_FIELDS = [
  { field: 'ROImageFile', label: 'RO image', many: false, paths: (i?: SvImages | null) => [i?.roImagePath] },
  {
    field: 'InsuranceCardImageFile',
    label: 'Insurance card image',
    many: false,
    paths: (i?: SvImages | null) => [i?.insuranceCardImagePath],
  },
  {
    field: 'WindshieldImageFiles',
    label: 'Windshield images',
    many: true,
    paths: (i?: SvImages | null) => i?.windshieldImagePaths ?? [],
  },
] as const;

export type ImageFieldName = (typeof IMAGE_FIELDS)[number]['field'];

/** Stored images (served behind the token by GET /api/files/{path}): thumbnails, each opens full size. */
export function StoredImages({
  paths,
  label,
}: {
  paths: ReadonlyArray<string | null | undefined>;
  label: string;
}) {
  const stored = paths.filter((p): p is string => Boolean(p));
  if (!stored.length) return <span>—</span>;
  return (
    <div className="sv-images">
      {stored.map((path, i) => (
        <ThumbnailImage
          key={path}
          url={`files/${path}`}
          alt={stored.length > 1 ? `${label} ${i + 1}` : label}
        />
      ))}
    </div>
  );
}

/**
 * One image field of the edit form: the current image(s), the chosen file(s) (removable) and a picker.
 * The windshield takes several files, the others one, which replaces the stored image on save.
 */
export function ImageFieldInput({
  label,
  many,
  current,
  files,
  error,
  onChange,
}: {
  label: string;
  many: boolean;
  current: ReadonlyArray<string | null | undefined>;
  files: File[];
  error?: string;
  onChange: (files: File[]) => void;
}) {
  return (
    <div className="sv-image-field">
      <div className="sv-field-label">{label}</div>
      <StoredImages paths={current} label={`Current ${label}`} />
      {files.map((file, i) => (
        <ImagePicker
          key={`${file.name}-${i}`}
          file={file}
          onChange={(next) =>
            onChange(next ? files.map((f, j) => (j === i ? next : f)) : files.filter((_, j) => j !== i))
          }
        />
      ))}
      {many || files.length === 0 ? (
        <ImagePicker
          file={null}
          label={`Choose ${label}`}
          onChange={(next) => next && onChange(many ? [...files, next] : [next])}
        />
      ) : null}
      {error ? (
        <div role="alert" className="ant-form-item-explain-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
