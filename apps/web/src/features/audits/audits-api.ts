import type { InvoiceAudit, PendingAuditCounts } from '@glass/domain/contracts';
import { http } from '../../api/http';

/** The Pending Audits routes (apps/server/src/modules/audits/README.md). */
export const auditsApi = {
  counts: () => http.get<PendingAuditCounts>('PendingAudits/counts'),
  get: (invoiceId: number) => http.get<InvoiceAudit>(`PendingAudits/${invoiceId}`),
  pass: (invoiceId: number, note?: string) =>
    http.post<InvoiceAudit>(`PendingAudits/${invoiceId}/pass`, { note }),
  ret: (invoiceId: number, reason: string) =>
    http.post<InvoiceAudit>(`PendingAudits/${invoiceId}/return`, { reason }),
};
