import { useQuery } from '@tanstack/react-query';
import { lookupKeys } from '../query/query-keys';
import { http } from './http';

/** An attachment (served to signed-in users only), read once with the token. */
export function useAttachmentBlob(url: string) {
  return useQuery({
    queryKey: lookupKeys.attachment(url),
    queryFn: () => http.blob(url),
    staleTime: Infinity,
  });
}

/** A stored image behind the token (facility icon, profile picture): `path?FilePath=…`, read once. */
export function useImageBlob(path: string, filePath: string | null | undefined) {
  return useQuery({
    queryKey: lookupKeys.image(path, filePath),
    enabled: !!filePath,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => http.blob(path, { query: { FilePath: filePath } }),
  });
}
