import { DECLARED_RESOURCE_ROUTES } from '@glass/domain/resources/screens';
import {
  type ComponentType,
  createElement,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
} from 'react';
import { PageSpinner } from '../shell/page-spinner';

/**
 * The admin screens of issue 5, for the router: `{path, element}` per route, each a lazy chunk.
 * Declared resources share one generic screen (ResourcePage); the rest are hand-written features.
 * This file imports no declaration (no zod), so the router's chunk stays small.
 */
const ResourcePage = lazy(() => import('./resource-page').then((m) => ({ default: m.ResourcePage })));
const EmployeesPage = lazy(() =>
  import('../features/employees/employees-page').then((m) => ({ default: m.EmployeesPage })),
);
const FacilitiesPage = lazy(() =>
  import('../features/facilities/facilities-page').then((m) => ({ default: m.FacilitiesPage })),
);
const ActivityLogsPage = lazy(() =>
  import('../features/activity-logs/activity-logs-page').then((m) => ({ default: m.ActivityLogsPage })),
);
const LoanerReservationsPage = lazy(() =>
  import('../features/loaners/loaner-reservations-page').then((m) => ({ default: m.LoanerReservationsPage })),
);
const bridge = () => import('../features/phone-bridge/phone-bridge-pages');
const PhoneExtensionsPage = lazy(() => bridge().then((m) => ({ default: m.PhoneExtensionsPage })));

const page = <P extends object>(
  component: LazyExoticComponent<ComponentType<P>>,
  props: P,
  key: string,
): ReactNode =>
  createElement(
    Suspense,
    { fallback: createElement(PageSpinner) },
    createElement(component as ComponentType<P>, { ...props, key }),
  );

const OWN: Record<string, ReactNode> = {
  '/employees': page(EmployeesPage, {}, '/employees'),
  '/facilities': page(FacilitiesPage, {}, '/facilities'),
  '/activity-logs': page(ActivityLogsPage, {}, '/activity-logs'),
  '/phone-extensions': page(PhoneExtensionsPage, {}, '/phone-extensions'),
  '/loaner-reservations': page(LoanerReservationsPage, {}, '/loaner-reservations'),
};

export const adminRouteElements: { path: string; element: ReactNode }[] = [
  ...DECLARED_RESOURCE_ROUTES.filter((path) => !OWN[path]).map((path) => ({
    path,
    element: page(ResourcePage, { route: path }, path),
  })),
  ...Object.entries(OWN).map(([path, element]) => ({ path, element })),
];
