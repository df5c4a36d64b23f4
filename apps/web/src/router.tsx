import { ROUTES } from '@glass/domain/routes';
import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router-dom';
import { appointmentRouteElements } from './features/appointments/routes';
import { approvalRouteElements } from './features/approvals/routes';
import { controlRoomRouteElements } from './features/control-room/routes';
import { depositRouteElements } from './features/deposits/routes';
import { auditRouteElements } from './features/audits/routes';
import { callCenterRouteElements } from './features/call-center/routes';
import { claimRouteElements } from './features/claims/routes';
import { remittanceRouteElements } from './features/remittances/routes';
import { dmsImportRouteElements } from './features/dms-imports/routes';
import { installerDayRouteElements } from './features/installer-day/routes';
import { invoiceRouteElements } from './features/invoices/routes';
import { notifyRouteElements } from './features/notify/routes';
import { reconcileRouteElements } from './features/reconcile/routes';
import { reportRouteElements } from './features/reports/routes';
import { serviceVehicleRouteElements } from './features/service-vehicles/routes';
import { adminRouteElements } from './resources/index';
import { LogoutRoute } from './shell/logout-route';
import { PageSpinner } from './shell/page-spinner';
import { RequireAuth } from './shell/require-auth';
import { RouteError } from './shell/route-error';

// Every screen is its own chunk: the login page must not pull the shell, and no screen pulls another.
const LoginPage = lazy(() => import('./features/login/login-page').then((m) => ({ default: m.LoginPage })));
const AppLayout = lazy(() => import('./shell/app-layout').then((m) => ({ default: m.AppLayout })));
const RootHome = lazy(() => import('./shell/root-home').then((m) => ({ default: m.RootHome })));
const HomeTiles = lazy(() => import('./shell/home-tiles').then((m) => ({ default: m.HomeTiles })));
const TileScreen = lazy(() => import('./shell/tile-screen').then((m) => ({ default: m.TileScreen })));
const NotFound = lazy(() => import('./shell/not-found').then((m) => ({ default: m.NotFound })));
const PasswordChangePage = lazy(() =>
  import('./features/password/password-change-page').then((m) => ({ default: m.PasswordChangePage })),
);
const InvoicePage = lazy(() =>
  import('./features/invoices/detail/invoice-page').then((m) => ({ default: m.InvoicePage })),
);
const ServiceVehiclePage = lazy(() =>
  import('./features/service-vehicles/service-vehicle-page').then((m) => ({ default: m.ServiceVehiclePage })),
);
// /phone-requests has no UI (spec 2 §2): the bridge alone, outside the app's layout.
const PhoneRequestsPage = lazy(() =>
  import('./features/phone-bridge/phone-bridge-pages').then((m) => ({ default: m.PhoneRequestsPage })),
);
const PublicPage = lazy(() => import('./public/public-page').then((m) => ({ default: m.PublicPage })));

const page = (node: ReactNode) => <Suspense fallback={<PageSpinner />}>{node}</Suspense>;

// Routes with their own screens here; every other authenticated route of spec 2 §2 is a tile screen.
const OWN_SCREENS = new Set([
  '/',
  '/new-home',
  '/logout',
  '/phone-requests',
  '/password-change',
  '/invoices/:id',
  '/service-vehicles/:id',
]);
// Screens built by feature areas (each a lazy chunk); the remaining tile routes show an honest placeholder.
const FEATURE_ROUTES = [
  ...adminRouteElements,
  ...serviceVehicleRouteElements,
  ...invoiceRouteElements,
  ...notifyRouteElements,
  ...approvalRouteElements,
  ...reconcileRouteElements,
  ...depositRouteElements,
  ...dmsImportRouteElements,
  ...auditRouteElements,
  ...appointmentRouteElements,
  ...installerDayRouteElements,
  ...callCenterRouteElements,
  ...reportRouteElements,
  ...controlRoomRouteElements,
  ...claimRouteElements,
  ...remittanceRouteElements,
];
const featurePaths = new Set(FEATURE_ROUTES.map((r) => r.path));
const tileRoutes = ROUTES.filter(
  (route) => !OWN_SCREENS.has(route.path) && !featurePaths.has(route.path),
).map((route) => ({
  path: route.path,
  element: page(<TileScreen key={route.path} title={route.title} />),
}));

export const router = createBrowserRouter([
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: page(<LoginPage />) },
      { path: '/logout', element: <LogoutRoute /> },
      { path: '/sign-approval/:id', element: page(<PublicPage kind="approval" />) },
      { path: '/sign-initiate/:id', element: page(<PublicPage kind="initiate" />) },
      { path: '/customer-opt-in/*', element: page(<PublicPage kind="opt-in" />) },
      {
        path: '/phone-requests',
        element: <RequireAuth>{<Suspense fallback={null}>{<PhoneRequestsPage />}</Suspense>}</RequireAuth>,
      },
      {
        element: <RequireAuth>{page(<AppLayout />)}</RequireAuth>,
        children: [
          { path: '/', element: <RootHome /> },
          { path: '/new-home', element: <HomeTiles /> },
          { path: '/password-change', element: <PasswordChangePage /> },
          { path: '/invoices/:id', element: <InvoicePage /> },
          { path: '/service-vehicles/:id', element: <ServiceVehiclePage /> },
          ...FEATURE_ROUTES,
          ...tileRoutes,
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
]);
