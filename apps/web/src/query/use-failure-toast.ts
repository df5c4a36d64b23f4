import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { toastError } from '../api/notices';

/**
 * Shows the spec's failure text (e.g. 'Failed to get Invoices') as a toast once each time a read fails;
 * the screen shows the same text in place of what it could not load.
 */
export function useFailureToast(failed: boolean, text: ReactNode | undefined): void {
  useEffect(() => {
    if (failed && text) toastError(text);
  }, [failed, text]);
}
