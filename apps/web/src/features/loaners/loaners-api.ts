import type { LoanerCarStatus, LoanerReservationRow, LoanerUsageBody } from '@glass/domain/contracts';
import { http } from '../../api/http';

/** Loaner reservations (apps/server/src/modules/loaners/README.md). */
export const loanersApi = {
  saveUsage: (id: number, body: LoanerUsageBody) =>
    http.put<LoanerReservationRow>(`LoanerCarUsages/${id}`, body),
  fleet: (facilityId?: number) => http.get<LoanerCarStatus[]>('LoanerCarStatus', { query: { facilityId } }),
};
