import { APPOINTMENT_CHANGED_EVENT } from '@glass/domain/realtime-events';
import { appointmentStatusLabel } from '@glass/domain/enums';
import { allowedNextStatuses } from '@glass/domain/rules/appointment-status';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useFailureToast } from '../../query/use-failure-toast';
import { useDocumentTitle } from '../../shell/document-title';
import { afterContentPaint } from '../../ui/after-paint';
import { LazyDateField } from '../../ui/lazy-date-field';
import { EmptyState } from '../../ui/empty-state';
import { LoadState, ScreenFrame } from '../../ui/screen-frame';
import { onRealtimeChange } from '../messaging';
import { FAILED_TO_LIST_MY_APPOINTMENTS } from './field-api';
import { loadMyDay } from './day-store';
import { dayDrawn } from './early-day';
import { sessionRead, useSelf } from '../../api/use-session';
import { onSent, outbox } from './outbox';
import { fetchStatusDialog, loadRoutePanelLater, RoutePanel, StatusDialog } from './lazy-parts';
import { StopCard } from './stop-card';
import { registerFieldWorker } from './sw-register';
import { useOutbox } from './use-outbox';
import { fieldKeys } from '../../query/query-keys';

/**
 * /my-appointments: the installer's day on a phone (issue #18 item 3). Today's stops in route order with
 * everything needed on site; status updates go through the offline outbox (outbox.ts) and the screen shows
 * what still waits on the phone. The route tab reorders the day and suggests the shortest order.
 */
export function MyAppointmentsPage() {
  useDocumentTitle('My Appointments');
  const queryClient = useQueryClient();
  // The Route tab's code, a few seconds after the page when the browser is idle (lazy-parts.tsx).
  useEffect(loadRoutePanelLater, []);
  const [date, setDate] = useState<string | undefined>();
  const [dialog, setDialog] = useState<{ appointmentId: number; statusId: number } | null>(null);
  // Refresh turns while the read it asked for runs; the reads of a change by the office, or of the network coming
  // back, happen quietly (reading `isRefetching` also drew the whole page again at each, twice).
  const [refreshing, setRefreshing] = useState(false);
  const openStatus = useCallback(
    (appointmentId: number, statusId: number) => setDialog({ appointmentId, statusId }),
    [],
  );
  // The user alone: in the phone shell the session's other reads wait until the day is drawn (decision 0038).
  const userId = useSelf().user?.id;
  // 'always': offline the read still runs, and falls back to the day kept on the phone (day-store.ts).
  const day = useQuery({
    queryKey: fieldKeys.day(date),
    queryFn: () => loadMyDay(date, userId),
    networkMode: 'always',
    enabled: userId !== undefined,
  });
  useFailureToast(day.isError, FAILED_TO_LIST_MY_APPOINTMENTS);
  // The day's stops render as a transition, in slices the browser can interrupt, not in one long task (a phone's
  // CPU drew them in about 0.25 s at once: Lighthouse's total blocking time, issue #34); the skeleton stays meanwhile.
  const data = useDeferredValue(day.data);
  // Once the day (or its failure) is drawn, the shell's footer and phone field load (ui/shell-parts.ts), and the
  // status dialog's code; with it here, the worker keeps what the page loaded and the page is ready offline.
  // Drawn: the stops (the deferred value, not only the answer) or the failure.
  const settled = day.isError || (!day.isPending && data !== undefined);
  const [offlineReady, setOfflineReady] = useState(false);
  useEffect(() => {
    if (!settled) return;
    let active = true;
    const cancel = afterContentPaint(() => {
      dayDrawn();
      // Ready offline: the dialog's code and styles, the worker's copy of the page, and the session kept on the phone.
      void fetchStatusDialog()
        .then(registerFieldWorker, () => false)
        .then((ready) => ready && sessionRead().then(() => true))
        .then((ready) => active && setOfflineReady(ready));
    });
    return () => {
      active = false;
      cancel();
    };
  }, [settled]);
  const entries = useOutbox();
  const [online, setOnline] = useState(() => navigator.onLine);

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: fieldKeys.all });
    const up = () => {
      setOnline(true);
      refresh();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    const stops = [onSent(refresh), onRealtimeChange([APPOINTMENT_CHANGED_EVENT], refresh)];
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      for (const s of stops) s();
    };
  }, [queryClient]);

  const pending = entries.filter((e) => e.state !== 'failed' && (!data || e.userId === data.installerId));
  const failed = entries.filter((e) => e.state === 'failed');
  // A stop with updates still on the phone shows the status they lead to, and the statuses allowed after it: a
  // whole day can be worked offline, each update naming the status it was made from (the server checks it).
  const shownStops = (data?.stops ?? []).map((s) => {
    const queued = pending.filter((e) => e.invoiceId === s.invoiceId && e.partTypeId === s.partTypeId);
    const last = queued.at(-1)?.statusId;
    return last === undefined
      ? s
      : {
          ...s,
          statusId: last,
          statusName: appointmentStatusLabel(last as never) ?? s.statusName,
          nextStatusIds: [...allowedNextStatuses(last)],
        };
  });
  const stop = dialog && shownStops.find((s) => s.appointmentId === dialog.appointmentId);

  return (
    <ScreenFrame
      title="My Appointments"
      actions={
        <Button
          onClick={() => {
            setRefreshing(true);
            void day.refetch().finally(() => setRefreshing(false));
          }}
          loading={refreshing}
        >
          Refresh
        </Button>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          <LazyDateField
            aria-label="Day"
            value={date ?? data?.date ?? dayjs().format('YYYY-MM-DD')}
            onChange={(v) => setDate(v || undefined)}
            allowClear={false}
          />
          {!online && <span className="gs-text-warning">Offline: updates wait on this phone</span>}
          {online && offlineReady && data && !data.keptAt && (
            <span className="gs-text-secondary" data-testid="offline-ready">
              Ready offline
            </span>
          )}
        </Space>
        {data?.keptAt && (
          <Alert
            type="info"
            showIcon
            title={`Offline copy of ${formatDateTime(data.keptAt)}`}
            description="The day as this phone last read it; it is read again when the network returns."
          />
        )}
        <div role="status" aria-live="polite">
          {pending.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={
                pending.length === 1
                  ? '1 update waiting to be sent'
                  : `${pending.length} updates waiting to be sent`
              }
              description={
                // A plain list: antd's List brings its pagination and Select to the first screen.
                <ul className="gs-plain-list">
                  {pending.map((e) => (
                    <li key={e.key}>
                      {e.label} · {formatDateTime(e.createdAt)}
                      {e.files.length ? ` · ${e.files.length} photo(s)` : ''}
                    </li>
                  ))}
                </ul>
              }
              action={
                online ? (
                  <Button size="small" onClick={() => void outbox.flush()}>
                    Send now
                  </Button>
                ) : undefined
              }
            />
          )}
        </div>
        {failed.map((e) => (
          <Alert
            key={e.seq}
            type="error"
            showIcon
            title={e.conflict ? `Changed by the office: ${e.label}` : `Not accepted: ${e.label}`}
            description={e.error}
            action={
              <Button size="small" onClick={() => void outbox.dismiss(e.seq as number)}>
                Dismiss
              </Button>
            }
          />
        ))}
        <LoadState
          loading={day.isLoading || (day.data !== undefined && data === undefined)}
          failed={day.isError}
          failure={FAILED_TO_LIST_MY_APPOINTMENTS}
          label="My appointments"
        >
          {data && (
            <Tabs
              items={[
                {
                  key: 'stops',
                  label: `Stops (${data.stops.length})`,
                  children: data.stops.length ? (
                    <Space orientation="vertical" style={{ width: '100%' }}>
                      {shownStops.map((s, i) => (
                        <StopCard
                          key={s.appointmentId}
                          stop={s}
                          order={i + 1}
                          waiting={
                            pending.filter(
                              (e) => e.invoiceId === s.invoiceId && e.partTypeId === s.partTypeId,
                            ).length
                          }
                          onStatus={openStatus}
                        />
                      ))}
                    </Space>
                  ) : (
                    <EmptyState>No appointments found for this day</EmptyState>
                  ),
                },
                {
                  key: 'route',
                  label: 'Route',
                  children: data.stops.length ? (
                    <RoutePanel
                      key={`${data.date}:${data.stops.map((s) => s.appointmentId).join(',')}`}
                      stops={data.stops}
                      start={data.start}
                      installerId={data.installerId}
                      date={data.date}
                      timeZone={data.timeZone}
                    />
                  ) : (
                    <EmptyState>No appointments found for this day</EmptyState>
                  ),
                },
              ]}
            />
          )}
        </LoadState>
      </Space>
      {stop && dialog && data && (
        <StatusDialog
          stop={stop}
          statusId={dialog.statusId}
          userId={data.installerId}
          onClose={() => setDialog(null)}
        />
      )}
    </ScreenFrame>
  );
}
