import { lazy, type ReactNode } from 'react';

const CalendarPage = lazy(() => import('./calendar-page').then((m) => ({ default: m.CalendarPage })));
const FacilityAppointmentsPage = lazy(() =>
  import('./facility-appointments-page').then((m) => ({ default: m.FacilityAppointmentsPage })),
);
const RoutesPage = lazy(() => import('./routes-page').then((m) => ({ default: m.RoutesPage })));
const SchedulePage = lazy(() => import('./schedule-page').then((m) => ({ default: m.SchedulePage })));

/** /appointments (calendar), /my-facility-appointments, /schedule-appointment, /appointment-routes (issue #18 items 1, 2 and 4). */
export const appointmentRouteElements: { path: string; element: ReactNode }[] = [
  { path: '/appointments', element: <CalendarPage /> },
  { path: '/my-facility-appointments', element: <FacilityAppointmentsPage /> },
  { path: '/schedule-appointment', element: <SchedulePage /> },
  { path: '/appointment-routes', element: <RoutesPage /> },
];
