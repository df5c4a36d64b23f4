import type { Alert } from '@glass/domain/alert';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { consumeAlert } from './api';
import { conversationKeys } from '../../query/query-keys';
import { useRealtimeAlerts } from './realtime-client';

/**
 * Loaded after the first paint: the socket.io client, the NewAlert reducer (spec 1 §4 "Alerts") and
 * the `?alertId=` consumption of the record routes. Renders nothing.
 */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  const location = useLocation();
  useRealtimeAlerts();

  // Opening /invoices/{id}?alertId=… or /service-vehicles/{id}?alertId=… consumes that alert.
  useEffect(() => {
    if (!/^\/(invoices|service-vehicles)\/\d+/.test(location.pathname)) return;
    const alertId = Number(new URLSearchParams(location.search).get('alertId'));
    if (!Number.isInteger(alertId) || alertId <= 0) return;
    queryClient.setQueryData<Alert[] | null>(
      conversationKeys.alerts,
      (list) => list?.filter((a) => a.id !== alertId) ?? list,
    );
    consumeAlert(alertId).catch((error) => console.warn('Failed to consume alert', alertId, error));
  }, [location.pathname, location.search, queryClient]);

  return null;
}
