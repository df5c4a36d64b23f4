import { lazy, type ReactNode } from 'react';

const DepositsPage = lazy(() => import('./deposits-page').then((m) => ({ default: m.DepositsPage })));

/** /deposits (issue #20). */
export const depositRouteElements: { path: string; element: ReactNode }[] = [
  { path: '/deposits', element: <DepositsPage /> },
];
