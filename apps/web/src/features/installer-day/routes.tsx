import { lazy, type ReactNode } from 'react';
import { onSessionEnd } from '../../api/auth';
import { startDayFirst } from './early-day';

const loadPage = () => import('./my-appointments-page');
const MyAppointmentsPage = lazy(() => loadPage().then((m) => ({ default: m.MyAppointmentsPage })));

// Signing out (or a session ending) removes the day kept on the phone: customers' addresses and phones stay only
// with the installer who read them. The queued updates stay: they are sent under their author only (outbox.ts).
onSessionEnd(() => {
  void import('./day-store').then((m) => m.dayStore.clear()).catch(() => undefined);
});

// The installer's phone opens the app on this page: today's read and the page's code start now, beside the
// shell's start-up reads, and the shell's secondary parts wait until the day is drawn (ui/shell-parts.ts).
if (window.location.pathname === '/my-appointments') {
  startDayFirst();
  void loadPage().catch(() => undefined);
}

/** /my-appointments: the installer's day (phone first), its route and the offline outbox. */
export const installerDayRouteElements: { path: string; element: ReactNode }[] = [
  { path: '/my-appointments', element: <MyAppointmentsPage /> },
];
