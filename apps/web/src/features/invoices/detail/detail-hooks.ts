import { invoiceKeys } from '../../../query/query-keys';
import { useWrite } from '../../../query/use-write';

/**
 * Runs a write with the progress notice, then refreshes the detail (key ['invoice', id]) and every list
 * read under it (notes, history, transactions …). Resolves false when the call failed (the server's
 * message, e.g. a 409, has been shown).
 */
export function useInvoiceWrite(id: number) {
  return useWrite([invoiceKeys.detail(id)]);
}
