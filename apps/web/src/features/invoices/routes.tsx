import { lazy, type ReactNode } from 'react';

// One lazy chunk for the three list screens (the shell's Suspense shows the spinner while it loads).
const screens = () => import('./list/list-screens');
const ListPage = lazy(() => screens().then((m) => ({ default: m.InvoicesListPage })));
const OutstandingPage = lazy(() => screens().then((m) => ({ default: m.OutstandingInvoicesPage })));
const FinalizingPage = lazy(() => screens().then((m) => ({ default: m.FinalizingPage })));

/** The invoice list screens: /invoices, /outstanding-invoices, /finalizing (the detail stays in router.tsx). */
export const invoiceRouteElements: { path: string; element: ReactNode }[] = [
  { path: '/invoices', element: <ListPage /> },
  { path: '/outstanding-invoices', element: <OutstandingPage /> },
  { path: '/finalizing', element: <FinalizingPage /> },
];
