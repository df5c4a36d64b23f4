import type { ReactNode } from 'react';

/** The notify outbox screen for admins. */
export const notifyRouteElements: { path: string; element: ReactNode }[] = [];
