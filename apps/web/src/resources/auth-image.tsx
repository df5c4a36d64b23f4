import { useEffect, useMemo } from 'react';
import { useImageBlob } from '../api/images';

/**
 * An image served behind the bearer token (facility icons, profile pictures): fetched with the
 * http client and shown from an object URL, since an <img src> cannot carry the token.
 */
export function AuthImage({
  path,
  filePath,
  alt,
  size = 96,
}: {
  path: string;
  filePath?: string | null;
  alt: string;
  size?: number;
}) {
  const { data } = useImageBlob(path, filePath);
  const url = useMemo(() => (data ? URL.createObjectURL(data) : undefined), [data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!filePath || !url) return null;
  return (
    <img
      src={url}
      alt={alt}
      style={{ maxWidth: size, maxHeight: size, objectFit: 'contain', borderRadius: 4 }}
    />
  );
}
