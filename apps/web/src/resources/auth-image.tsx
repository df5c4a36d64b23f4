import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { http } from '../api/http';
import { lookupKeys } from '../query/query-keys';

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
  const { data } = useQuery({
    queryKey: lookupKeys.image(path, filePath),
    enabled: !!filePath,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => http.blob(path, { query: { FilePath: filePath } }),
  });
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
