import type { ReactNode } from 'react';

/** The invoice list screens: /invoices, /outstanding-invoices, /finalizing (the detail stays in router.tsx). */
export const invoiceRouteElements: { path: string; element: ReactNode }[] = [];
