import { patchDiff } from '@glass/domain/rules/patch-diff';
import { http, type RequestOptions } from './http';

/**
 * Every PATCH goes through here (spec 1 §5 "Patch payloads"): only changed fields are sent, and no
 * request at all when nothing changed (resolves undefined). Invalid nested ids or a missing id with
 * changes throw from the domain rule before anything is sent.
 */
export async function patchChanges<T extends object, R = unknown>(
  path: string,
  original: T,
  edited: T,
  options?: RequestOptions,
): Promise<R | undefined> {
  const changes = patchDiff(original, edited);
  if (changes === undefined) return undefined;
  return http.patch<R>(path, changes, options);
}
