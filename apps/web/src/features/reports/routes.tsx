import { lazy, type ReactNode } from 'react';

const ReportsPage = lazy(() => import('./reports-page').then((m) => ({ default: m.ReportsPage })));

/** /reports (issue #21). */
export const reportRouteElements: { path: string; element: ReactNode }[] = [
  { path: '/reports', element: <ReportsPage /> },
];
