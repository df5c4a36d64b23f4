import { type ComponentProps, lazy, Suspense } from 'react';
import { ListSkeleton } from '../../ui/list-skeleton';

// The Route tab of /my-appointments (the map with Leaflet, the reorderable stop list) is not on the first screen:
// its code loads a few seconds after the page, when the browser is idle, so it is no longer in the way of the
// day's stops on a slow phone (issue #34, Lighthouse on a phone; started at once, it competed with the day's own
// requests). It is fetched without waiting for the tab, so the tab still opens when the network goes away after
// that.
const loadRoutePanel = () => import('./route-panel');
const LazyRoutePanel = lazy(() => loadRoutePanel().then((m) => ({ default: m.RoutePanel })));
const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
window.setTimeout(
  () => whenIdle(() => void loadRoutePanel().catch(() => undefined), { timeout: 4000 }),
  3000,
);

// The status dialog (antd's Form, Modal, Select: about 70 KB) loads once the day is drawn (decision 0034), and
// the page says "Ready offline" only once it is here, as it is what an installer uses offline.
export const loadStatusDialog = () => import('./status-dialog');
const LazyStatusDialog = lazy(() => loadStatusDialog().then((m) => ({ default: m.StatusDialog })));

/** The status dialog; nothing until its code is here (it is fetched as soon as the day is drawn). */
export function StatusDialog(props: ComponentProps<typeof LazyStatusDialog>) {
  return (
    <Suspense fallback={null}>
      <LazyStatusDialog {...props} />
    </Suspense>
  );
}

/** The Route tab's content; a list placeholder while its code loads. */
export function RoutePanel(props: ComponentProps<typeof LazyRoutePanel>) {
  return (
    <Suspense fallback={<ListSkeleton rows={3} label="Loading route" />}>
      <LazyRoutePanel {...props} />
    </Suspense>
  );
}
