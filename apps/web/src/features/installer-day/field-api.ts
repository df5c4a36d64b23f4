import type { InstallerDay, InstallerRoute, RouteBody } from '@glass/domain/contracts';
import { http } from '../../api/http';

/** The installer's routes (apps/server/src/modules/appointment-field/README.md). */
export const fieldApi = {
  myDay: (date?: string) => http.get<InstallerDay>('appointments/my-day', { query: { date } }),
  saveRoute: (body: RouteBody, office = false) =>
    http.post<InstallerRoute>(office ? 'appointments/facility/route' : 'appointments/route', body),
};

export const FAILED_TO_LIST_MY_APPOINTMENTS = 'Failed to list my appointments';
