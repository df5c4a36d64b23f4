import { lazy, type ReactNode } from 'react';

const PendingAuditsPage = lazy(() =>
  import('./pending-audits-page').then((m) => ({ default: m.PendingAuditsPage })),
);

/** /pending-audits: the queue of submitted invoices to check before they go out. */
export const auditRouteElements: { path: string; element: ReactNode }[] = [
  { path: '/pending-audits', element: <PendingAuditsPage /> },
];
