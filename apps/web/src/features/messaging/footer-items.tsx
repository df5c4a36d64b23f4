import { BellOutlined, PushpinOutlined } from '@ant-design/icons';
import type { Alert } from '@glass/domain/alert';
import { recordTypeLabel } from '@glass/domain/enums';
import { ALERT_REMOVED, FAILED_TO_REMOVE_ALERT, REMOVING_PARKED_ALERT } from '@glass/domain/messages/parking';
import { alertsFromServer, pendingAlertCount } from '@glass/domain/rules/alerts';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { toParkedSlot } from '@glass/domain/rules/parked-item';
import {
  isParkedPendingFor,
  isSlotOccupied,
  type ParkedSlot,
  parkedBadgeColor,
  parkedTooltipPlacement,
  parkSlots,
} from '@glass/domain/rules/parking';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Popover, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { setPendingAlertCount } from '../../shell/document-title';
import { messageApi } from '../../api/notices';
import type { ParkedItem } from '@glass/domain/contracts';
import { useSessionState } from '../../api/use-session';
import { consumeAlert, useParkLineCount, useSubscriptions, messagingApi } from './api';
import { conversationKeys } from '../../query/query-keys';
import { useConnectionStatus } from './realtime-status';
import './messaging.css';

// antd's named "yellow" is too pale on white; gold reads as yellow and keeps the dot visible.
const BADGE_COLOR = { green: 'green', yellow: 'gold', red: 'red' } as const;
const PARKED_ALERT_TYPES = new Set(['ParkedForMe', 'ParkedUpdate']);

/** The real-time connection status of spec 1 §4, in the footer. */
export function ConnectionStatusText() {
  const status = useConnectionStatus();
  return (
    <span className="connection-status" role="status" aria-label={`Real-time connection: ${status}`}>
      <Badge
        color={status === 'connected' ? 'green' : status === 'connecting' ? 'gold' : 'red'}
        text={status}
      />
    </span>
  );
}

function slotText(slot: ParkedSlot): string {
  if (!isSlotOccupied(slot)) return `Line ${slot.parkedLineNumber}: empty`;
  return [
    `Line ${slot.parkedLineNumber}: ${recordTypeLabel(slot.recordType ?? '') || slot.recordType} ${slot.recordNumber}`,
    `Parked for ${slot.parkedFor || '—'}`,
    `Parked by ${slot.parkedBy || '—'}`,
    formatDateTime(slot.time),
  ].join(', ');
}

/** Footer popover with every park line (spec 1 §4 "Parking", spec 2 §9). */
export function ParkedItemsPopover({ items }: { items: ParkedItem[] }) {
  const queryClient = useQueryClient();
  const { user } = useSessionState();
  const lines = useParkLineCount();
  const [open, setOpen] = useState(false);
  const subscriptions = useSubscriptions(open);
  const slots = useMemo(
    () =>
      parkSlots(
        lines.data ?? 8,
        items.map((item) => toParkedSlot({ ...item, parkedAt: item.parkedAt ?? null })),
      ),
    [lines.data, items],
  );
  const occupied = slots.filter(isSlotOccupied).length;

  const canClear = (slot: ParkedSlot) =>
    !!user &&
    isSlotOccupied(slot) &&
    isParkedPendingFor(slot, { userId: user.id, subscriptions: subscriptions.data ?? [] });

  const clear = async (slot: ParkedSlot) => {
    const key = `unpark-${slot.id}`;
    const api = messageApi();
    api.open({ key, type: 'loading', content: REMOVING_PARKED_ALERT, duration: 0 });
    try {
      const raw = queryClient.getQueryData<Alert[] | null>(conversationKeys.alerts) ?? [];
      const alerts = raw.filter(
        (a) => PARKED_ALERT_TYPES.has(a.type) && (!a.recordId || a.recordId === slot.recordNumber),
      );
      await Promise.all(alerts.map((a) => consumeAlert(a.id)));
      await messagingApi.unpark(slot.id);
      api.open({ key, type: 'success', content: ALERT_REMOVED, duration: 1 });
    } catch (error) {
      console.warn('Failed to remove parked item', error);
      api.open({ key, type: 'error', content: FAILED_TO_REMOVE_ALERT, duration: 4 });
    } finally {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.parked });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.alerts });
    }
  };

  const content = (
    <ul className="parked-lines" aria-label="Park lines">
      {slots.map((slot) => {
        const text = slotText(slot);
        const busy = isSlotOccupied(slot);
        const clearable = canClear(slot);
        const badge = (
          <Badge
            color={busy ? BADGE_COLOR[parkedBadgeColor(slot.time)] : 'default'}
            text={
              busy
                ? `${slot.parkedLineNumber}: ${recordTypeLabel(slot.recordType ?? '') || slot.recordType} ${slot.recordNumber}`
                : `${slot.parkedLineNumber}: —`
            }
          />
        );
        return (
          <li key={slot.parkedLineNumber}>
            <Tooltip
              title={busy ? text.split(', ').slice(1).join(' · ') : 'Empty'}
              placement={parkedTooltipPlacement(slot.parkedLineNumber)}
              trigger={['hover', 'focus']}
            >
              <Button
                type="text"
                size="small"
                aria-label={clearable ? `${text}. Clear` : text}
                aria-disabled={!clearable}
                data-testid={`park-line-${slot.parkedLineNumber}`}
                onClick={() => {
                  if (clearable) void clear(slot);
                }}
              >
                {badge}
              </Button>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
  return (
    <Popover
      content={content}
      title="Parked items"
      trigger="click"
      placement="topLeft"
      open={open}
      onOpenChange={setOpen}
    >
      <Button
        type="text"
        icon={<PushpinOutlined />}
        aria-label={`Parked items (${occupied})`}
        title="Parked items"
      >
        {occupied > 0 && <span className="count-badge">{occupied}</span>}
      </Button>
    </Popover>
  );
}

/** The alert button: the pending count, opening the Notifications drawer. */
export function AlertsButton({ alerts: raw, onOpen }: { alerts: Alert[]; onOpen: () => void }) {
  // Spec 1 §4: latest NewMessage only, parked types not badged; the count feeds the "(N)" title prefix.
  const alerts = useMemo(() => alertsFromServer(raw), [raw]);
  const pending = pendingAlertCount(alerts);
  useEffect(() => {
    setPendingAlertCount(pending);
  }, [pending]);
  return (
    <Button
      type="text"
      icon={<BellOutlined />}
      aria-label={`Notifications (${alerts.length})`}
      title="Notifications"
      onClick={onOpen}
      data-testid="alerts-button"
    >
      {alerts.length > 0 && <span className="count-badge">{alerts.length}</span>}
    </Button>
  );
}

// The real-time client travels with the footer items: one chunk after the first paint.
export { RealtimeBridge } from './realtime-bridge';
