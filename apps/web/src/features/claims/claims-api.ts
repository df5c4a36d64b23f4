import type {
  ClaimDenyBody,
  ClaimMoveBody,
  ClaimQueueCounts,
  ClaimWaitingOn,
  ClaimRejectBody,
  ClaimSubmission,
} from '@glass/domain/contracts/claim-submissions';
import { http } from '../../api/http';

/** The queue's filters (the shortcuts of GET /api/claimQueue and its counts). */
export interface ClaimQueueFilter {
  waitingOn?: ClaimWaitingOn;
  clearingHouseId?: number;
  reasonCode?: string;
}

/** The claim submission routes (apps/server/src/modules/invoices/README.md "Claim submissions"). */
export const claimsApi = {
  ofInvoice: (invoiceId: number) => http.get<ClaimSubmission[]>(`Invoices/${invoiceId}/claimSubmissions`),
  counts: (query: ClaimQueueFilter) =>
    http.get<ClaimQueueCounts>('claimQueue/counts', { query: { ...query } }),
  acknowledge: (id: number, body: ClaimMoveBody = {}) =>
    http.post<ClaimSubmission>(`claimSubmissions/${id}/acknowledge`, body),
  accept: (id: number, body: ClaimMoveBody = {}) =>
    http.post<ClaimSubmission>(`claimSubmissions/${id}/accept`, body),
  reject: (id: number, body: ClaimRejectBody) =>
    http.post<ClaimSubmission>(`claimSubmissions/${id}/reject`, body),
  deny: (id: number, body: ClaimDenyBody) => http.post<ClaimSubmission>(`claimSubmissions/${id}/deny`, body),
};

export const FAILED_TO_GET_CLAIMS = 'Failed to get claim submissions';
export const FAILED_TO_GET_CLAIM_QUEUE = 'Failed to get the claim queue';
