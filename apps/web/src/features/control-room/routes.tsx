import { lazy, type ReactNode } from 'react';

const ControlRoomPage = lazy(() =>
  import('./control-room-page').then((m) => ({ default: m.ControlRoomPage })),
);

/** /control-room: one facility's live board for today, with a wall mode. */
export const controlRoomRouteElements: { path: string; element: ReactNode }[] = [
  { path: '/control-room', element: <ControlRoomPage /> },
];
