import type { Alert } from '@glass/domain/alert';
import { NOTIFICATIONS_DRAWER_WIDTH } from '@glass/domain/constants';
import { alertTypeLabel, recordTypeLabel } from '@glass/domain/enums';
import { alertsFromServer } from '@glass/domain/rules/alerts';
import { ALL_CAUGHT_UP, NO_NOTIFICATIONS } from '@glass/domain/messages/shell';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAlerts } from '../../api/footer-api';
import { useDrawerSize } from '../../ui/use-narrow';
import { consumeAlert } from './api';
import { conversationKeys } from '../../query/query-keys';
import './messaging.css';

export function alertPath(alert: Alert): string | null {
  if (!alert.recordId) return null;
  const base = alert.recordType === 'ServiceVehicle' ? 'service-vehicles' : 'invoices';
  return `/${base}/${alert.recordId}?alertId=${alert.id}`;
}

function alertText(alert: Alert): string {
  const parts = [alertTypeLabel(alert.type) || alert.type];
  if (alert.recordId)
    parts.push(`${recordTypeLabel(alert.recordType ?? '') || alert.recordType} ${alert.recordId}`);
  if (alert.senderName) parts.push(`from ${alert.senderName}`);
  if (alert.followUpFor) parts.push(`for ${alert.followUpFor}`);
  if (alert.facilityShortName) parts.push(alert.facilityShortName);
  return parts.join(' · ');
}

/** Notifications drawer (spec 1 §2): the badge alerts; clicking one opens its record and consumes it. */
export function NotificationsDrawer({
  open,
  onClose,
  onOpenMessages,
}: {
  open: boolean;
  onClose: () => void;
  onOpenMessages: () => void;
}) {
  const raw = useAlerts();
  const alerts = useMemo(() => alertsFromServer(raw.data ?? []), [raw.data]);
  const size = useDrawerSize(NOTIFICATIONS_DRAWER_WIDTH);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const openAlert = (alert: Alert) => {
    const path = alertPath(alert);
    onClose();
    if (path) {
      // The record route consumes the alert named by ?alertId= (realtime-bridge).
      navigate(path);
      return;
    }
    queryClient.setQueryData<Alert[] | null>(
      conversationKeys.alerts,
      (list) => list?.filter((a) => a.id !== alert.id) ?? list,
    );
    consumeAlert(alert.id).catch((error) => console.warn('Failed to consume alert', error));
    if (alert.type === 'NewMessage') onOpenMessages();
  };

  return (
    <Drawer title="Notifications" placement="right" size={size} open={open} onClose={onClose}>
      {alerts.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <strong>{NO_NOTIFICATIONS}</strong>
              <div>{ALL_CAUGHT_UP}</div>
            </>
          }
        />
      ) : (
        <ul className="notification-list" aria-label="Notifications">
          {alerts.map((alert) => (
            <li key={alert.id}>
              <Button type="link" onClick={() => openAlert(alert)} className="notification-item">
                {alertText(alert)}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Drawer>
  );
}
