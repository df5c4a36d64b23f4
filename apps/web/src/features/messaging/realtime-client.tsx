import type { Alert } from '@glass/domain/alert';
import { reduceAlert } from '@glass/domain/rules/alerts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { conversationKeys } from '../../query/query-keys';
import { startRealtime } from './realtime';

/** The socket.io client and the NewAlert reducer (spec 1 §4 "Alerts"). */
export function useRealtimeAlerts() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      startRealtime((incoming: Alert) => {
        const current = queryClient.getQueryData<Alert[] | null>(conversationKeys.alerts) ?? [];
        const next = reduceAlert({ alerts: current }, incoming);
        queryClient.setQueryData(conversationKeys.alerts, next.alerts);
        if (next.refreshParked) void queryClient.invalidateQueries({ queryKey: conversationKeys.parked });
        if (next.refreshConversations) void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
      }),
    [queryClient],
  );
}

/**
 * The real-time client without the router: the phone shell (decision 0034) starts it once the installer's day is
 * drawn, so the day follows the office's changes. Renders nothing.
 */
export function RealtimeClient() {
  useRealtimeAlerts();
  return null;
}
