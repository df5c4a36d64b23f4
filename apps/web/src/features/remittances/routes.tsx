import { lazy, type ReactNode } from 'react';

const RemittancesPage = lazy(() =>
  import('./remittances-page').then((m) => ({ default: m.RemittancesPage })),
);

/** /remittances: insurers' payment files imported (match, fund, short-pay) and the exceptions queue (issue #35). */
export const remittanceRouteElements: { path: string; element: ReactNode }[] = [
  { path: '/remittances', element: <RemittancesPage /> },
];
