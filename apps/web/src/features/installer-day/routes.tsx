import { lazy, type ReactNode } from 'react';

const MyAppointmentsPage = lazy(() =>
  import('./my-appointments-page').then((m) => ({ default: m.MyAppointmentsPage })),
);

/** /my-appointments: the installer's day (phone first), its route and the offline outbox. */
export const installerDayRouteElements: { path: string; element: ReactNode }[] = [
  { path: '/my-appointments', element: <MyAppointmentsPage /> },
];
