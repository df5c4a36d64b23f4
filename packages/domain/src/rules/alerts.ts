/**
 * The client alert reducer, spec 1 §4 "Alerts":
 * - Only the latest NewMessage alert is kept.
 * - A Consume alert removes the alert it names and refreshes the parked lines.
 * - ParkedForMe and ParkedUpdate refresh the parked lines and are not in the alert badge list.
 * - A new message alert refreshes conversations.
 * Choices where the spec is silent: the badge list is newest first; an alert arriving again with
 * the same id replaces the old one instead of counting twice; Consume itself is never listed.
 */
import type { Alert } from '../alert.js';
import { AlertType, type AlertTypeName } from '../enums.js';

export interface AlertState {
  alerts: readonly Alert[];
}

export interface AlertReduction {
  alerts: Alert[];
  refreshParked: boolean;
  refreshConversations: boolean;
}

const BADGE_TYPES: ReadonlySet<AlertTypeName> = new Set([
  AlertType.NewMessage,
  AlertType.DealerWarranty,
  AlertType.FollowUp,
]);

/** Whether an alert of this type belongs in the badge list (and so in the pending count). */
export function isBadgeAlert(alert: Pick<Alert, 'type'>): boolean {
  return BADGE_TYPES.has(alert.type);
}

export function reduceAlert(state: AlertState, incoming: Alert): AlertReduction {
  const alerts = [...state.alerts];
  switch (incoming.type) {
    case AlertType.Consume:
      return {
        alerts: alerts.filter((a) => a.id !== incoming.alertIdToConsume),
        refreshParked: true,
        refreshConversations: false,
      };
    case AlertType.ParkedForMe:
    case AlertType.ParkedUpdate:
      return { alerts, refreshParked: true, refreshConversations: false };
    case AlertType.NewMessage:
      return {
        alerts: [incoming, ...alerts.filter((a) => a.type !== AlertType.NewMessage && a.id !== incoming.id)],
        refreshParked: false,
        refreshConversations: true,
      };
    default:
      return {
        alerts: [incoming, ...alerts.filter((a) => a.id !== incoming.id)],
        refreshParked: false,
        refreshConversations: false,
      };
  }
}

/**
 * The badge list from GET self/alerts: the same rules folded over the list, oldest first by id
 * (ids grow with time), so the kept NewMessage is the one with the highest id.
 */
export function alertsFromServer(list: readonly Alert[]): Alert[] {
  const ordered = [...list].sort((a, b) => a.id - b.id);
  return ordered.reduce<Alert[]>((alerts, a) => reduceAlert({ alerts }, a).alerts, []);
}

export function pendingAlertCount(alerts: readonly Pick<Alert, 'type'>[]): number {
  return alerts.filter(isBadgeAlert).length;
}

/** "A page title that gets a prefix "(N)" when N alerts are pending." */
export function titleWithPending(title: string, pending: number): string {
  return pending > 0 ? `(${pending}) ${title}` : title;
}
