import type { InvoiceHistoryRow, InvoiceTransaction, SignaturePath } from '@glass/domain/contracts/invoices';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invoiceKeys } from '../../../query/query-keys';

/**
 * The invoice detail's record sections (spec 2 §3, §7): transactions, contact history, extra images,
 * replacement parts, accessories and the signature. Writes go through useRecordWrite (records-form.ts),
 * which refreshes the invoice and every list read under it.
 */
export const recordsApi = {
  transactions: (invoiceId: number) =>
    http.get<InvoiceTransaction[]>('/InvoiceTransactions', { query: { InvoiceId: invoiceId } }),
  addTransaction: (body: object) => http.post('/InvoiceTransactions', body),
  setTransactionStatus: (transactionId: number, statusId: number) =>
    http.put(`/InvoiceTransactions/${transactionId}`, { statusId }),
  /** Every history entry, or only the contact entries. */
  history: (invoiceId: number, contactsOnly: boolean) =>
    http.get<InvoiceHistoryRow[]>('/InvoicesHistory', {
      query: { InvoiceId: invoiceId, ContactItem: contactsOnly || undefined },
    }),
  addContact: (body: object) => http.post('/InvoicesHistory', body),
  addImage: (invoiceId: number, form: FormData) => http.post(`/Invoices/${invoiceId}/ExtraImages`, form),
  addPart: (invoiceId: number, body: object) => http.post('/InvoiceParts', { invoiceId, ...body }),
  savePart: (partId: number, body: object) => http.put(`/InvoiceParts/${partId}`, body),
  addAccessories: (invoiceId: number, accessoryIds: readonly number[]) =>
    http.patch(`/Invoices/${invoiceId}`, {
      accessories: accessoryIds.map((accessoryId) => ({ accessoryId, invoiceId })),
    }),
  removeAccessory: (invoiceId: number, accessoryId: number) =>
    http.post(`/Invoices/${invoiceId}/deleteAccessories`, { accessoryIds: [accessoryId] }),
  signaturePath: (invoiceId: number) => http.get<SignaturePath>(`/Invoices/${invoiceId}/SignaturePath`),
};

export function useTransactions(invoiceId: number) {
  return useQuery({
    queryKey: invoiceKeys.part(invoiceId, 'transactions'),
    queryFn: () => recordsApi.transactions(invoiceId),
  });
}

export function useContactHistory(invoiceId: number, contactsOnly: boolean) {
  return useQuery({
    queryKey: invoiceKeys.history(invoiceId, contactsOnly),
    queryFn: () => recordsApi.history(invoiceId, contactsOnly),
  });
}

/** The customer's latest signature (its path; the image itself is read with the token). */
export function useSignaturePath(invoiceId: number) {
  return useQuery({
    queryKey: invoiceKeys.part(invoiceId, 'signaturePath'),
    queryFn: () => recordsApi.signaturePath(invoiceId),
  });
}
