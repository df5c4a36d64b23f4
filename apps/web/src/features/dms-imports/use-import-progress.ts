import { DMS_IMPORT_PROGRESS_EVENT, type DmsImport } from '@glass/domain/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dmsImportKeys } from '../../query/query-keys';
import { onRealtimeEvent } from '../messaging';
import { dmsApi, isActive } from './dms-api';

/**
 * Listens to the progress the server pushes over the real-time connection for the imports this user runs:
 * each message replaces the import in the cache, and a finished import refreshes the history.
 */
export function useImportEvents() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onRealtimeEvent(DMS_IMPORT_PROGRESS_EVENT, (payload) => {
        const imp = payload as DmsImport;
        if (!imp || typeof imp.id !== 'number') return;
        const before = queryClient.getQueryData<DmsImport>(dmsImportKeys.detail(imp.id));
        queryClient.setQueryData(dmsImportKeys.detail(imp.id), imp);
        if (!before || before.status !== imp.status)
          void queryClient.invalidateQueries({ queryKey: dmsImportKeys.history });
      }),
    [queryClient],
  );
}

/** One import, live: pushed progress, with a slow poll while it runs in case the connection is down. */
export function useImport(id: number) {
  return useQuery({
    queryKey: dmsImportKeys.detail(id),
    queryFn: () => dmsApi.get(id),
    refetchInterval: (q) => (q.state.data && isActive(q.state.data) ? 5_000 : false),
  });
}
