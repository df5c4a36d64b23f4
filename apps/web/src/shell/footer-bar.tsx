import { lazy, Suspense, useEffect } from 'react';
import { useAlerts, useParkedItems } from '../api/footer-api';
import { setPendingAlertCount } from './document-title';
import { useShell } from './shell-context';
import { useShellPartsReady } from '../ui/shell-parts';

// The footer's messaging parts (popovers, badges, the socket.io client) load after the first paint.
const ParkedItems = lazy(() =>
  import('../features/messaging/footer-items').then((m) => ({ default: m.ParkedItemsPopover })),
);
const Alerts = lazy(() =>
  import('../features/messaging/footer-items').then((m) => ({ default: m.AlertsButton })),
);
const ConnectionStatus = lazy(() =>
  import('../features/messaging/footer-items').then((m) => ({ default: m.ConnectionStatusText })),
);
const RealtimeBridge = lazy(() =>
  import('../features/messaging/footer-items').then((m) => ({ default: m.RealtimeBridge })),
);

/** Footer: parked lines, real-time status and the alert button; a slot whose route answers 404 shows nothing. */
export function FooterBar() {
  const shell = useShell();
  // The footer's reads, its code and the real-time client start once the first screen is on the page (and the
  // screen's own first read is drawn, when it holds them: ui/shell-parts.ts).
  const painted = useShellPartsReady();
  const parked = useParkedItems(painted);
  const alerts = useAlerts(painted);
  // The "(N)" title prefix is set by the lazily loaded alert button (spec 1 §4 rules live in the domain).
  useEffect(() => () => setPendingAlertCount(0), []);

  return (
    <footer className="app-footer">
      <Suspense fallback={null}>
        <div>{parked.data ? <ParkedItems items={parked.data} /> : null}</div>
        <div className="app-footer-end">
          {painted ? <ConnectionStatus /> : null}
          {alerts.data ? <Alerts alerts={alerts.data} onOpen={shell.openNotifications} /> : null}
        </div>
        {painted ? <RealtimeBridge /> : null}
      </Suspense>
    </footer>
  );
}
