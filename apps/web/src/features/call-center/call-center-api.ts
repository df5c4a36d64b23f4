import type {
  CallCenterDashboard,
  CallList,
  CallLogRow,
  CallOutcomeBody,
  CallQuery,
  CallQueryCategory,
  MyCallQueryBody,
  NextRecordAnswer,
} from '@glass/domain/contracts';
import { http } from '../../api/http';

/** The call centre's routes (apps/server/src/modules/call-center/README.md). */
export const callCenterApi = {
  dashboard: (q: { facilityId?: number; startDate?: string; endDate?: string }) =>
    http.get<CallCenterDashboard>('CallCenter/dashboard', { query: q }),
  categories: () => http.get<CallQueryCategory[]>('CallQueryCategories'),
  queries: (category: string) =>
    http.get<CallQuery[]>(`CallQueryCategories/${encodeURIComponent(category)}/queries`),
  saveMine: (body: MyCallQueryBody) => http.post<CallQuery>('CallQueryCategories/my/queries', body),
  deleteMine: (id: number) => http.delete(`CallQueryCategories/my/queries/${id}`),
  list: (queryId: number) => http.get<CallList>(`CallQueries/${queryId}/list`),
  next: (queryId: number, excludeIds: number[]) =>
    http.post<NextRecordAnswer>(`CallQueries/${queryId}/next`, { excludeIds }),
  release: (serviceVehicleId: number) => http.put(`ServiceVehicle/${serviceVehicleId}/removeLock`),
  outcome: (serviceVehicleId: number, body: CallOutcomeBody) =>
    http.post<{ callLogId: number }>(`CallManager/records/${serviceVehicleId}/outcome`, body),
  myCalls: () => http.get<CallLogRow[]>('callLog/mine'),
};
