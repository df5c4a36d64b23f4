import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { withProgress } from '../api/notices';

/**
 * Refreshes what a write changed: every key is a prefix (an area's list root refreshes each filter and
 * page; a record's detail key refreshes the lists read under it). Resolves when the shown queries are
 * fresh again, so the caller sees the server's state, never a hand-written cache entry.
 */
export async function refreshKeys(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * A write callback that declares what it refreshes: the call runs with the progress notice
 * ('Processing...' then 'Success' or `successText`), then the keys are refreshed. Resolves false when
 * the call failed (the server's message, e.g. a 409, has been shown).
 */
export function useWrite(refresh: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  // The keys are read when the write ends: a caller may build the array on every render.
  const keys = useRef(refresh);
  keys.current = refresh;
  return useCallback(
    async (call: () => Promise<unknown>, successText?: string): Promise<boolean> => {
      try {
        await withProgress(call(), successText);
      } catch {
        return false;
      }
      await refreshKeys(queryClient, keys.current);
      return true;
    },
    [queryClient],
  );
}

export interface RefreshingMutationOptions<TData, TVars> {
  mutationFn: (vars: TVars) => Promise<TData>;
  /** The keys this write changes, refreshed after it succeeds (prefixes). */
  refresh: (data: TData, vars: TVars) => readonly QueryKey[];
  /** Show 'Processing...' then 'Success' (or this text) and the failure around the call; false: the caller shows its own. */
  progress?: boolean | string;
  onSuccess?: (data: TData, vars: TVars) => void;
}

/** useMutation with the progress notice and a declared refresh instead of cache writes by hand. */
export function useRefreshingMutation<TData, TVars = void>(options: RefreshingMutationOptions<TData, TVars>) {
  const queryClient = useQueryClient();
  const { progress = true } = options;
  return useMutation({
    mutationFn: (vars: TVars) =>
      progress
        ? withProgress(options.mutationFn(vars), typeof progress === 'string' ? progress : undefined)
        : options.mutationFn(vars),
    onSuccess: async (data, vars) => {
      options.onSuccess?.(data, vars);
      await refreshKeys(queryClient, options.refresh(data, vars));
    },
  });
}
