import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { ApiError } from '../../../api/http';
import { problemFields } from '../../../resources/form-values';
import { useInvoiceWrite } from '../detail/detail-hooks';

/**
 * The detail page's write (progress notice, then the invoice and its lists refreshed), plus the
 * fields a 400 names marked on the form. Resolves false when the call failed.
 */
export function useRecordWrite(invoiceId: number) {
  const write = useInvoiceWrite(invoiceId);
  return useCallback(
    (call: () => Promise<unknown>, successText: string, form?: FormInstance) =>
      write(
        () =>
          call().catch((error: unknown) => {
            if (form && error instanceof ApiError) form.setFields(problemFields(error.errors));
            throw error;
          }),
        successText,
      ),
    [write],
  );
}
