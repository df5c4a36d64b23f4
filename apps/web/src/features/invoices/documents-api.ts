import type { Action } from '@glass/domain/actions';
import { can } from '@glass/domain/roles';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';
import { useSessionState } from '../../api/use-session';
import { invoiceKeys } from './invoice-api';

export type { UserRef } from './invoice-api';

interface Contact {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  doNotEmail?: boolean | null;
  doNotText?: boolean | null;
  primaryPhone?: { phone?: string | null } | null;
  secondaryPhone?: { phone?: string | null } | null;
}

export interface InvoiceAccessory {
  id: number;
  accessoryId: number;
  name: string;
}

export interface InvoicePart {
  id: number;
  partTypeId: number | null;
  partType: string | null;
  partNumber: string | null;
  description: string | null;
  vendorId: number | null;
  vendor: string | null;
  cost: number | string | null;
  price: number | string | null;
  statusId: number | null;
  status: string | null;
  orderedAt: string | null;
  receivedAt: string | null;
}

/** The part of the invoice detail (GET /api/Invoices/{id}) these sections read. */
export interface InvoiceDocDetail {
  id: number;
  signed?: boolean;
  customer?: Contact | null;
  accessories?: InvoiceAccessory[];
  parts?: InvoicePart[];
}

/** Lists that change with the invoice live under its key, so every detail refresh refreshes them too. */
export const invoiceSubKey = (id: number, name: string) => [...invoiceKeys.detail(id), name] as const;

/** The detail through the query key the detail page shares (['invoice', id]). */
export function useInvoiceDetail(id: number) {
  return useQuery({
    queryKey: invoiceKeys.detail(id),
    queryFn: () => http.get<InvoiceDocDetail>(`/Invoices/${id}`),
  });
}

/** A read of one of the invoice's lists, under the invoice's key. */
export function useInvoiceList<T>(id: number, name: string, path: string) {
  return useQuery({ queryKey: invoiceSubKey(id, name), queryFn: () => http.get<T[]>(path) });
}

/** Whether the signed-in user's role may do this action (the server checks it again). */
export function useCan(action: Action): boolean {
  const { user } = useSessionState();
  return can(user?.userRoleId ?? user?.userRole, action);
}

export const signaturePath = (id: number) => `/Invoices/${id}/signature`;

export const documentsApi = {
  sign: (id: number, png: Blob) => {
    const form = new FormData();
    form.append('Signature', png, `signature-${id}.png`);
    return http.post<InvoiceDocDetail>(signaturePath(id), form);
  },
  viewPdf: (id: number) => http.openPdf(`/Invoices/${id}/pdf`, `invoice-${id}.pdf`),
  viewStoredPdf: (id: number, pdfId: number) =>
    http.openPdf(`/Invoices/${id}/pdfs/${pdfId}`, `invoice-${id}-${pdfId}.pdf`),
  sendInvoice: (invoiceId: number, email: string) =>
    http.post<{ outboxId: number; to: string; subject: string }>('/Invoices/sendCustomerInvoice', {
      invoiceId,
      ...(email ? { email } : {}),
    }),
  sendTechText: (id: number, message: string) =>
    http.post<{ id: number; phone: string; message: string }>(
      `/Invoices/${id}/sendTechText`,
      message ? { message } : {},
    ),
};
