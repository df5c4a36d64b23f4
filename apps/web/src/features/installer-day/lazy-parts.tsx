import { type ComponentProps, lazy, Suspense } from 'react';
import { ListSkeleton } from '../../ui/list-skeleton';

// The Route tab of /my-appointments (the map with Leaflet, the reorderable stop list) is not on the first screen:
// its code loads a few seconds after the page, when the browser is idle, so it is no longer in the way of the
// day's stops on a slow phone (issue #34, Lighthouse on a phone; started at once, it competed with the day's own
// requests). It is fetched without waiting for the tab, so the tab still opens when the network goes away after
// that. The status dialog stays in the page itself: it is what an installer uses offline.
const loadRoutePanel = () => import('./route-panel');
const LazyRoutePanel = lazy(() => loadRoutePanel().then((m) => ({ default: m.RoutePanel })));
const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
window.setTimeout(
  () => whenIdle(() => void loadRoutePanel().catch(() => undefined), { timeout: 4000 }),
  3000,
);

/** The Route tab's content; a list placeholder while its code loads. */
export function RoutePanel(props: ComponentProps<typeof LazyRoutePanel>) {
  return (
    <Suspense fallback={<ListSkeleton rows={3} label="Loading route" />}>
      <LazyRoutePanel {...props} />
    </Suspense>
  );
}
