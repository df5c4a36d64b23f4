import { lazy, type ReactNode } from 'react';

// The list and create screens are one lazy chunk (the shell's Suspense shows the spinner while it loads).
const ListPage = lazy(() => import('./sv-screens').then((m) => ({ default: m.ServiceVehiclesListPage })));
const MyPage = lazy(() => import('./sv-screens').then((m) => ({ default: m.MyServiceVehiclesPage })));
const PipelinePage = lazy(() => import('./sv-screens').then((m) => ({ default: m.MyPipelinePage })));
const NewPage = lazy(() => import('./sv-screens').then((m) => ({ default: m.NewServiceVehiclePage })));

/** The service vehicle list screens (spec 1 §5); the detail /service-vehicles/:id stays in router.tsx. */
export const serviceVehicleRouteElements: { path: string; element: ReactNode }[] = [
  { path: '/service-vehicles', element: <ListPage key="list" mode="list" /> },
  { path: '/service-drive', element: <ListPage key="drive" mode="drive" /> },
  { path: '/my-service-vehicles', element: <MyPage key="my" kind="vehicles" title="My Service Vehicles" /> },
  { path: '/my-pipeline', element: <PipelinePage /> },
  { path: '/my-requests', element: <MyPage key="requests" kind="requests" title="My Requests" /> },
  { path: '/new-service-vehicle', element: <NewPage /> },
];
