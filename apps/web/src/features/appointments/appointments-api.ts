import type {
  AppointmentAccessory,
  AppointmentDetails,
  AppointmentImage,
  AppointmentMaterial,
  AppointmentNote,
  AppointmentPart,
  AppointmentRow,
  CalendarAnswer,
  CalendarView,
  DayRelatedRecords,
  Installer,
  InstallerRoute,
  RouteBody,
  ScheduleListAnswer,
  ScheduleSaveAnswer,
  ScheduleSaveBody,
} from '@glass/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';
import { appointmentKeys } from '../../query/query-keys';

/** The appointment routes (apps/server/src/modules/appointments/README.md). */
export const appointmentsApi = {
  facility: (day: string) =>
    http.get<AppointmentRow[]>('appointments/facility', { query: { appointmentStartDate: day } }),
  details: (invoiceId: number) =>
    http.get<AppointmentDetails>('appointments/details', { query: { invoiceId } }),
  /** What the installer recorded with the status updates of the invoice's visits. */
  images: (invoiceId: number) =>
    http.get<AppointmentImage[]>('appointments/images', { query: { invoiceId } }),
  notes: (invoiceId: number) => http.get<AppointmentNote[]>('appointments/notes', { query: { invoiceId } }),
  materials: (invoiceId: number) =>
    http.get<AppointmentMaterial[]>('appointments/materials', { query: { invoiceId } }),
  /** The invoice's replacement parts and windshield accessories (what the installer fits). */
  parts: (invoiceId: number) => http.get<AppointmentPart[]>('appointments/parts', { query: { invoiceId } }),
  accessories: (invoiceId: number) =>
    http.get<AppointmentAccessory[]>('appointments/accessories', { query: { invoiceId } }),
  calendar: (q: {
    startDate: string;
    view: CalendarView;
    installerId?: number;
    repairs: boolean;
    replacements: boolean;
  }) =>
    http.get<CalendarAnswer>('appointmentsSchedule/calendar', {
      query: {
        startDate: q.startDate,
        view: q.view,
        installerId: q.installerId,
        repairs: q.repairs ? 'YES' : 'NO',
        replacements: q.replacements ? 'YES' : 'NO',
      },
    }),
  dayRelated: (invoiceId: number) =>
    http.get<DayRelatedRecords>('appointmentsSchedule/dayRelatedRecords', { query: { invoiceId } }),
  list: (q: { invoiceId?: number; startDate?: string; employeeId?: number }) =>
    http.get<ScheduleListAnswer>('appointmentsSchedule/list', { query: q }),
  save: (body: ScheduleSaveBody) => http.post<ScheduleSaveAnswer>('appointmentsSchedule/save', body),
  cancel: (body: { invoiceId: number; partTypeId: number; note?: string }) =>
    http.post<ScheduleSaveAnswer>('appointmentsSchedule/cancel', body),
  /** One installer's route of a day (userId) or every installer's with visits at a facility. */
  routes: (q: { userId?: number; facilityId?: number; startDate: string }) =>
    http.get<InstallerRoute[]>('appointments/route', { query: q }),
  /** The office saves an installer's route (appointments.write). */
  saveRoute: (body: RouteBody) => http.post<InstallerRoute>('appointments/facility/route', body),
  /** The active installers; with a date and view, those the calendar shows from that date. */
  installers: (shown?: { startDate: string; view: CalendarView }) =>
    http.get<Installer[]>('users/installers', { query: { ...shown, isActive: true } }),
  customerWaitingOptions: () => http.get<{ id: number; name: string }[]>('customerWaitingOptions'),
};

/** The active installers (the schedule's and the routes' pick lists). */
export function useActiveInstallers() {
  return useQuery({
    queryKey: appointmentKeys.activeInstallers,
    queryFn: () => appointmentsApi.installers(),
  });
}

/** The installers the calendar shows from a date in a view. */
export function useCalendarInstallers(startDate: string, view: CalendarView) {
  return useQuery({
    queryKey: appointmentKeys.calendarInstallers(startDate, view),
    queryFn: () => appointmentsApi.installers({ startDate, view }),
  });
}

/** Where the customer waits (the schedule form's choices), kept 5 minutes. */
export function useCustomerWaitingOptions() {
  return useQuery({
    queryKey: appointmentKeys.customerWaitingOptions,
    queryFn: appointmentsApi.customerWaitingOptions,
    staleTime: 5 * 60_000,
  });
}

/** Query keys of this area: every key starts with 'appointments', so one invalidation refreshes them all. */
