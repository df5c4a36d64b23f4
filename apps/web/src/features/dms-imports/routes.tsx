import { lazy, type ReactNode } from 'react';

const DmsImportsPage = lazy(() => import('./dms-imports-page').then((m) => ({ default: m.DmsImportsPage })));

/** /dms-imports: upload a dealer export, map, preview, import in the background, history. */
export const dmsImportRouteElements: { path: string; element: ReactNode }[] = [
  { path: '/dms-imports', element: <DmsImportsPage /> },
];
