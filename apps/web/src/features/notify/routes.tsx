import { lazy, type ReactNode } from 'react';

const OutboxPage = lazy(() => import('./outbox-page').then((m) => ({ default: m.OutboxPage })));

/** The notify outbox screen for admins (GET /api/notify/outbox; the server answers 403 to other roles). */
export const notifyRouteElements: { path: string; element: ReactNode }[] = [
  { path: '/outbox', element: <OutboxPage /> },
];
