import { lazy, type ReactNode } from 'react';

const CallCenterPage = lazy(() => import('./call-center-page').then((m) => ({ default: m.CallCenterPage })));
const CallManagerPage = lazy(() =>
  import('./call-manager-page').then((m) => ({ default: m.CallManagerPage })),
);
const CallStatusPage = lazy(() => import('./call-status-page').then((m) => ({ default: m.CallStatusPage })));

/** The call centre (issue #22): the dashboard, working call lists, the agent's dialer. */
export const callCenterRouteElements: { path: string; element: ReactNode }[] = [
  { path: '/call-center', element: <CallCenterPage /> },
  { path: '/call-manager', element: <CallManagerPage /> },
  { path: '/call-status', element: <CallStatusPage /> },
];
