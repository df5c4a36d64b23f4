import type {
  CustomerApprovalRow,
  CustomerConsent,
  InitiateLink,
  RequestedApproval,
} from '@glass/domain/contracts/approvals';
import type { Alert } from '@glass/domain/alert';
import type { InvoiceDetail } from '@glass/domain/contracts/invoices';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getAllPages, http, type ODataPage } from '../../api/http';
import { conversationKeys } from '../../query/query-keys';
import { approvalKeys, invoiceKeys } from '../../query/query-keys';

export type { CustomerApprovalRow };

/** The calls of customer approvals (apps/server/src/modules/approvals; spec 2 §7). */
export const approvalsApi = {
  requestSms: (invoiceId: number, phoneNumber: string) =>
    http.post<RequestedApproval>('/customerApprovals/requestApprovalSms', { invoiceId, phoneNumber }),
  requestEmail: (invoiceId: number, emailAddress: string) =>
    http.post<RequestedApproval>('/customerApprovals/requestApprovalEmail', { invoiceId, emailAddress }),
  initiateLink: (invoiceId: number) =>
    http.post<InitiateLink>('/customerApprovals/initiateLink', { invoiceId }),
  consent: (invoiceId: number) => http.get<CustomerConsent>(`/customerApprovals/consent/${invoiceId}`),
  ofInvoice: (invoiceId: number) =>
    http
      .get<ODataPage<CustomerApprovalRow>>('/customerApprovals', {
        query: { $filter: `invoiceId eq ${invoiceId}`, $top: 50 },
      })
      .then((page) => page.value),
  /** Every row of the filtered list (all pages), for the CSV export. */
  all: (filter: string | undefined) =>
    getAllPages<CustomerApprovalRow>('/customerApprovals', { query: { $filter: filter }, pageSize: 500 }),
  signaturePath: (id: string) => `/customerApprovals/${id}/signature`,
};

export function useInvoiceApprovals(invoiceId: number) {
  return useQuery({
    queryKey: approvalKeys.ofInvoice(invoiceId),
    queryFn: () => approvalsApi.ofInvoice(invoiceId),
  });
}

export function useCustomerConsent(invoiceId: number) {
  return useQuery({
    queryKey: approvalKeys.consent(invoiceId),
    queryFn: () => approvalsApi.consent(invoiceId),
  });
}

/**
 * Live update: a customer's answer reaches the requester as a NewMessage alert about the invoice (the
 * shell's real-time client puts it in the alerts cache); any new alert about an invoice refreshes the
 * approvals shown, so the answer appears without a reload.
 */
const ALERTS = JSON.stringify(conversationKeys.alerts);

export function useLiveApprovals() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const seen = new Set<number>(
      (queryClient.getQueryData<Alert[] | null>(conversationKeys.alerts) ?? []).map((a) => a.id),
    );
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      if (JSON.stringify(event.query.queryKey) !== ALERTS) return;
      const alerts = (event.query.state.data as Alert[] | null | undefined) ?? [];
      const fresh = alerts.filter((a) => !seen.has(a.id));
      for (const a of fresh) seen.add(a.id);
      if (fresh.some((a) => a.type === 'NewMessage' && a.recordType === 'Invoice'))
        void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
    });
  }, [queryClient]);
}

export { useCan } from '../../api/use-can';

/** The invoice detail, through the key the detail page shares (its customer's phone and e-mail). */
export function useInvoice(invoiceId: number) {
  return useQuery({
    queryKey: invoiceKeys.detail(invoiceId),
    queryFn: () => http.get<InvoiceDetail>(`/Invoices/${invoiceId}`),
  });
}
