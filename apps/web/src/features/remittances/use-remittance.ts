import { REMITTANCE_IMPORT_PROGRESS_EVENT, type RemittanceImport } from '@glass/domain/contracts/remittances';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { claimKeys, invoiceKeys, reconcileKeys, remittanceKeys } from '../../query/query-keys';
import { onRealtimeEvent } from '../messaging';
import { isActive, remittancesApi } from './remittances-api';

/**
 * The progress the server pushes (RemittanceImportProgress, to the user who started the import): each message
 * replaces the import in the cache; a finished one refreshes the history and the exceptions queue, and what
 * its fundings changed: the invoices (lists and any invoice read before), reconcile and the claim queue.
 */
export function useRemittanceEvents() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onRealtimeEvent(REMITTANCE_IMPORT_PROGRESS_EVENT, (payload) => {
        const imp = payload as RemittanceImport;
        if (!imp || typeof imp.id !== 'number') return;
        const before = queryClient.getQueryData<RemittanceImport>(remittanceKeys.detail(imp.id));
        queryClient.setQueryData(remittanceKeys.detail(imp.id), imp);
        if (!before || before.state !== imp.state) {
          void queryClient.invalidateQueries({ queryKey: remittanceKeys.history });
          void queryClient.invalidateQueries({ queryKey: remittanceKeys.exceptions });
        }
        if (before && isActive(before) && !isActive(imp)) {
          void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists });
          void queryClient.invalidateQueries({ queryKey: invoiceKeys.details });
          void queryClient.invalidateQueries({ queryKey: reconcileKeys.all });
          void queryClient.invalidateQueries({ queryKey: claimKeys.all });
        }
      }),
    [queryClient],
  );
}

/** One import, live: the pushed progress, with a poll every 2 s while it runs in case the connection is down. */
export function useRemittance(id: number) {
  return useQuery({
    queryKey: remittanceKeys.detail(id),
    queryFn: () => remittancesApi.get(id),
    refetchInterval: (q) => (q.state.data && !isActive(q.state.data) ? false : 2_000),
  });
}
