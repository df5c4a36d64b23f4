import { Alert, Button } from 'antd';
import { type ComponentProps, lazy, Suspense, useMemo } from 'react';
import { ListSkeleton } from '../../ui/list-skeleton';

// The Route tab of /my-appointments (the map with Leaflet, the reorderable stop list) is not on the first screen:
// its code loads a few seconds after the page, when the browser is idle, so it is no longer in the way of the
// day's stops on a slow phone (issue #34, Lighthouse on a phone; started at once, it competed with the day's own
// requests). It is fetched without waiting for the tab, so the tab still opens when the network goes away after
// that.
const loadRoutePanel = () => import('./route-panel');
const LazyRoutePanel = lazy(() => loadRoutePanel().then((m) => ({ default: m.RoutePanel })));
let routePanelPlanned = false;
/**
 * Started by the page when it first draws (not when this module loads: the build shares its chunk with office
 * screens, decision 0038); once per page load.
 */
export function loadRoutePanelLater(): void {
  if (routePanelPlanned) return;
  routePanelPlanned = true;
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
  window.setTimeout(
    () => whenIdle(() => void loadRoutePanel().catch(() => undefined), { timeout: 4000 }),
    3000,
  );
}

/**
 * The styles the status dialog needs besides its code: in the phone shell, its later antd sheet, fetched with the
 * code and applied when the dialog first opens (phone-later-styles.ts, decision 0041). None in the office, whose
 * whole sheet is here.
 */
type DialogStyles = { fetch: () => Promise<void>; apply: () => Promise<void> };
let dialogStyles: DialogStyles | null = null;
export function setStatusDialogStyles(styles: DialogStyles): void {
  dialogStyles = styles;
}

// The status dialog (antd's Form, Modal, Select: about 70 KB) loads once the day is drawn (decision 0034).
let statusDialog: Promise<typeof import('./status-dialog')> | null = null;
function loadStatusDialog(): Promise<typeof import('./status-dialog')> {
  // A failed fetch (offline before the code arrived) is tried again on the next call.
  statusDialog ??= import('./status-dialog').catch((error: unknown) => {
    statusDialog = null;
    throw error;
  });
  return statusDialog;
}

/**
 * The dialog's code and, in the phone shell, its styles' file: the page says "Ready offline" only once they are
 * here, as the dialog is what an installer uses offline. Rejects when either could not be fetched.
 */
export function fetchStatusDialog(): Promise<unknown> {
  return Promise.all([loadStatusDialog(), dialogStyles?.fetch()]);
}

/**
 * The dialog's code, with its styles applied (antd then computes none of them when it draws). The styles never hold
 * the dialog back: without them (not fetched offline) antd computes them.
 */
const openStatusDialog = () =>
  Promise.all([loadStatusDialog(), dialogStyles?.apply()]).then(([dialog]) => dialog);

type StatusDialogProps = ComponentProps<typeof import('./status-dialog').StatusDialog>;

/** Offline before the dialog's code ever arrived: say so where the dialog would be, and let it be closed. */
function StatusDialogUnavailable({ onClose }: Pick<StatusDialogProps, 'onClose'>) {
  return (
    <Alert
      className="gs-fixed-notice"
      type="warning"
      showIcon
      role="alert"
      title="The status update needs the network once"
      description="This phone went offline before it had the status update's screen. Try again when the network is back."
      action={
        <Button size="small" onClick={() => onClose(false)}>
          Close
        </Button>
      }
    />
  );
}

/** The status dialog; nothing until its code is here (fetched as soon as the day is drawn). */
export function StatusDialog(props: StatusDialogProps) {
  // One loader per opening, so a dialog that could not load offline loads on the next tap once online.
  const Dialog = useMemo(
    () =>
      lazy(() =>
        openStatusDialog().then(
          (m) => ({ default: m.StatusDialog }),
          () => ({ default: StatusDialogUnavailable }),
        ),
      ),
    [],
  );
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
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
