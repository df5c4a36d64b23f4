import { alertsFromServer, pendingAlertCount } from '@glass/domain/rules/alerts';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useAlerts, useParkedItems } from '../api/footer-api';
import { setPendingAlertCount } from './document-title';

const ParkedItems = lazy(() => import('./footer-slots').then((m) => ({ default: m.ParkedItems })));
const Alerts = lazy(() => import('./footer-slots').then((m) => ({ default: m.Alerts })));

/** Footer with the parked-items slot and the alert button; a slot whose route answers 404 shows nothing. */
export function FooterBar() {
  const parked = useParkedItems();
  const alerts = useAlerts();
  // Spec 1 §4 alert rules (latest NewMessage only, parked types not badged) live in the domain.
  const badged = useMemo(() => alertsFromServer(alerts.data ?? []), [alerts.data]);
  const pending = pendingAlertCount(badged);

  useEffect(() => {
    setPendingAlertCount(pending);
  }, [pending]);
  useEffect(() => () => setPendingAlertCount(0), []);

  return (
    <footer className="app-footer">
      <Suspense fallback={null}>
        <div>{parked.data ? <ParkedItems items={parked.data} /> : null}</div>
        <div>{alerts.data ? <Alerts alerts={badged} /> : null}</div>
      </Suspense>
    </footer>
  );
}
