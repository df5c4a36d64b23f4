import { lazy, type ReactNode } from 'react';

const ReconcilePage = lazy(() => import('./reconcile-page').then((m) => ({ default: m.ReconcilePage })));

/** /reconcile (issue #20). */
export const reconcileRouteElements: { path: string; element: ReactNode }[] = [
  { path: '/reconcile', element: <ReconcilePage /> },
];
