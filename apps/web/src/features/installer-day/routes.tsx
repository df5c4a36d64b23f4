import { lazy, type ReactNode } from 'react';
import { onSessionEnd } from '../../api/auth';
import { startEarlyDay } from './early-day';

const MyAppointmentsPage = lazy(() =>
  import('./my-appointments-page').then((m) => ({ default: m.MyAppointmentsPage })),
);

// Signing out (or a session ending) removes the day kept on the phone: customers' addresses and phones stay only
// with the installer who read them. The queued updates stay: they are sent under their author only (outbox.ts).
onSessionEnd(() => {
  void import('./day-store').then((m) => m.dayStore.clear()).catch(() => undefined);
});

// The installer's phone opens the app on this page: today's read starts now, beside the shell's start-up reads.
if (window.location.pathname === '/my-appointments') startEarlyDay();

/** /my-appointments: the installer's day (phone first), its route and the offline outbox. */
export const installerDayRouteElements: { path: string; element: ReactNode }[] = [
  { path: '/my-appointments', element: <MyAppointmentsPage /> },
];
