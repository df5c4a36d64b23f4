import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { withProgress } from '../../api/notices';
import { type InvoiceDetail, invoiceKeys } from './invoice-api';

/**
 * Runs a write with the progress notice and keeps the detail (query key ['invoice', id], shared with
 * the extra sections) current: a detail answer replaces the cached one, anything else refetches it.
 * Resolves false when the call failed (the server's message, e.g. a 409, has been shown).
 */
export function useInvoiceWrite(id: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (call: () => Promise<unknown>, successText?: string): Promise<boolean> => {
      try {
        const result = await withProgress(call(), successText);
        if (
          result &&
          typeof result === 'object' &&
          (result as InvoiceDetail).id === id &&
          'repairs' in result
        ) {
          queryClient.setQueryData(invoiceKeys.detail(id), result);
        }
        await queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(id) });
        return true;
      } catch {
        return false;
      }
    },
    [id, queryClient],
  );
}
