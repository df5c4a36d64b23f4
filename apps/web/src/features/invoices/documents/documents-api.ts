import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { openSignedLink } from '../../../api/signed-link';
import { invoiceKeys } from '../../../query/query-keys';
import type {
  InvoiceDetail,
  InvoicePdfVersion,
  SentInvoiceEmail,
  SentTechText,
} from '@glass/domain/contracts/invoices';

export type { UserRef } from '../invoice-api';

/** The answers are the contract's (packages/domain/src/contracts/invoices.ts). */
export type InvoiceAccessory = InvoiceDetail['accessories'][number];
export type InvoicePart = InvoiceDetail['parts'][number];
/** The invoice detail these sections read, through the query key the detail page shares. */
export type InvoiceDocDetail = InvoiceDetail;

/** The detail through the query key the detail page shares (['invoice', id]). */
export function useInvoiceDetail(id: number) {
  return useQuery({
    queryKey: invoiceKeys.detail(id),
    queryFn: () => http.get<InvoiceDocDetail>(`/Invoices/${id}`),
  });
}

/** A read of one of the invoice's lists, under the invoice's key. */
export function useInvoiceList<T>(id: number, name: string, path: string) {
  return useQuery({ queryKey: invoiceKeys.part(id, name), queryFn: () => http.get<T[]>(path) });
}

export { useCan } from '../../../api/use-can';

export const signaturePath = (id: number) => `/Invoices/${id}/signature`;

export const documentsApi = {
  sign: (id: number, png: Blob) => {
    const form = new FormData();
    form.append('Signature', png, `signature-${id}.png`);
    return http.post<InvoiceDocDetail>(signaturePath(id), form);
  },
  /**
   * Renders the PDF as the invoice stands now (nothing is stored), in a tab at a signed link named
   * invoice-{id}.pdf (POST .../pdf/link), not a blob: tab without a name.
   */
  viewPdf: (id: number) => openSignedLink(`/Invoices/${id}/pdf/link`),
  /** Renders the PDF and keeps it as a new version in the invoice's PDFs list (invoice.write). */
  keepPdf: (id: number) => http.post<InvoicePdfVersion>(`/Invoices/${id}/pdf`),
  viewStoredPdf: (id: number, pdfId: number) =>
    http.openPdf(`/Invoices/${id}/pdfs/${pdfId}`, `invoice-${id}-${pdfId}.pdf`),
  sendInvoice: (invoiceId: number, email: string) =>
    http.post<SentInvoiceEmail>('/Invoices/sendCustomerInvoice', {
      invoiceId,
      ...(email ? { email } : {}),
    }),
  sendTechText: (id: number, message: string) =>
    http.post<SentTechText>(`/Invoices/${id}/sendTechText`, message ? { message } : {}),
};
