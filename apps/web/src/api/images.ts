import { useQuery } from '@tanstack/react-query';
import { lookupKeys } from '../query/query-keys';
import { http } from './http';

/** An attachment (served to signed-in users only), read once with the token; `enabled: false` waits. */
export function useAttachmentBlob(url: string, enabled = true) {
  return useQuery({
    queryKey: lookupKeys.attachment(url),
    queryFn: () => http.blob(url),
    staleTime: Infinity,
    enabled,
  });
}

/**
 * A stored image's thumbnail for lists (GET /api/files/{path}?thumb=1: a 320 px wide WebP; a file without
 * one answers itself), read once with the token.
 */
export function useThumbnailBlob(url: string) {
  return useQuery({
    queryKey: lookupKeys.attachmentThumb(url),
    queryFn: () => http.blob(url, { query: { thumb: 1 } }),
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
