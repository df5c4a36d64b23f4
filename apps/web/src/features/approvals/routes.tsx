import { lazy, type ReactNode } from 'react';

const ApprovalsPage = lazy(() => import('./approvals-page').then((m) => ({ default: m.ApprovalsPage })));

/** /customer-approvals (spec 2 §2): the Customer Approvals screen. */
export const approvalRouteElements: { path: string; element: ReactNode }[] = [
  { path: '/customer-approvals', element: <ApprovalsPage /> },
];
