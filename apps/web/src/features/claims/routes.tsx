import { lazy, type ReactNode } from 'react';

const ClaimQueuePage = lazy(() => import('./claim-queue-page').then((m) => ({ default: m.ClaimQueuePage })));

/** /claim-queue: insurance claims waiting on the shop or the insurer (issue #35). */
export const claimRouteElements: { path: string; element: ReactNode }[] = [
  { path: '/claim-queue', element: <ClaimQueuePage /> },
];
