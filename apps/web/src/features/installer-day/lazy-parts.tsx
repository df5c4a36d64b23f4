import { type ComponentProps, lazy, Suspense } from 'react';
import { ListSkeleton } from '../../ui/list-skeleton';

// The parts of /my-appointments that a first look does not show, loaded when first drawn (issue #34, Lighthouse on
// a phone): the Route tab (the map with Leaflet, the reorderable stop list) and the status dialog (antd's Form,
// Modal and Select). The Stops list and the day's date come with the page itself.
const LazyRoutePanel = lazy(() => import('./route-panel').then((m) => ({ default: m.RoutePanel })));
const LazyStatusDialog = lazy(() => import('./status-dialog').then((m) => ({ default: m.StatusDialog })));

/** The Route tab's content; a list placeholder while its code loads. */
export function RoutePanel(props: ComponentProps<typeof LazyRoutePanel>) {
  return (
    <Suspense fallback={<ListSkeleton rows={3} label="Loading route" />}>
      <LazyRoutePanel {...props} />
    </Suspense>
  );
}

/** The status dialog; it opens once its code has loaded (a moment, on the first tap only). */
export function StatusDialog(props: ComponentProps<typeof LazyStatusDialog>) {
  return (
    <Suspense fallback={null}>
      <LazyStatusDialog {...props} />
    </Suspense>
  );
}
