import type { InstallerStop } from '@glass/domain/contracts';
import {
  appointmentWindow,
  planRoute,
  type RouteStop,
  suggestRouteOrder,
} from '@glass/domain/rules/route-order';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, List, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { toastError, toastSuccess } from '../../api/notices';
import { fieldApi, fieldKeys } from './field-api';

const km = (v: number) => `${v.toFixed(1)} km`;
const clock = (ms: number) => formatDateTime(new Date(ms).toISOString()).split(' ').slice(1).join(' ');

/** A stop for the route rule: its window around the appointment time and its time allowed. */
function routeStop(s: InstallerStop): RouteStop | undefined {
  if (s.latitude === null || s.longitude === null) return undefined;
  return {
    id: s.appointmentId,
    latitude: s.latitude,
    longitude: s.longitude,
    minutes: s.timeAllowed,
    ...appointmentWindow(new Date(s.appointmentDateTime).getTime()),
  };
}

/**
 * The day's route: stops in order with an ETA each, moved with the up/down buttons (keyboard usable),
 * "Suggest an order" (packages/domain rules/route-order.ts) showing the distance saved, and Save.
 */
export function RoutePanel({
  stops,
  start,
  installerId,
  date,
}: {
  stops: InstallerStop[];
  start: { latitude: number; longitude: number } | null;
  installerId: number;
  date: string;
}) {
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<number[]>(() => stops.map((s) => s.appointmentId));
  const [saved, setSaved] = useState<number | null>(null);
  const byId = useMemo(() => new Map(stops.map((s) => [s.appointmentId, s])), [stops]);
  const ordered = order.map((id) => byId.get(id)).filter((s): s is InstallerStop => !!s);
  const open = ordered.filter((s) => s.statusId === 1 || s.statusId === 2);
  const routable = open.map(routeStop).filter((s): s is RouteStop => !!s);
  const startAt = routable.length
    ? Math.min(Date.now(), ...routable.map((s) => s.earliest ?? Date.now()))
    : Date.now();
  const origin =
    start ?? (routable[0] ? { latitude: routable[0].latitude, longitude: routable[0].longitude } : null);
  const plan = origin ? planRoute(origin, startAt, routable) : null;
  const etaOf = new Map(plan?.etas.map((e) => [e.id, e]) ?? []);

  const move = (index: number, by: number) => {
    const next = [...order];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item);
    setOrder(next);
    setSaved(null);
  };
  const suggest = () => {
    if (!origin || routable.length < 2) return;
    const s = suggestRouteOrder(origin, startAt, routable);
    const routed = new Set(s.order);
    setOrder([...s.order, ...order.filter((id) => !routed.has(id))]);
    setSaved(s.savedKm);
  };
  const save = useMutation({
    mutationFn: () =>
      fieldApi.saveRoute({
        installerId,
        routeDate: date,
        autoUpdate: false,
        latitude: origin?.latitude ?? null,
        longitude: origin?.longitude ?? null,
        currentStatus: null,
        appointmentIds: order,
      }),
    onSuccess: async () => {
      toastSuccess('Route saved');
      await queryClient.invalidateQueries({ queryKey: fieldKeys.all });
    },
    onError: (e: Error) => toastError(e.message || 'Failed to save the route'),
  });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Button onClick={suggest} disabled={routable.length < 2}>
          Suggest an order
        </Button>
        <Button
          type="primary"
          onClick={() => save.mutate()}
          loading={save.isPending}
          disabled={!order.length}
        >
          Save route
        </Button>
        {plan && <Typography.Text>Total {km(plan.distanceKm)}</Typography.Text>}
      </Space>
      {saved !== null && (
        <Alert
          role="status"
          type={saved > 0.05 ? 'success' : 'info'}
          showIcon
          title={
            saved > 0.05
              ? `Suggested order saves ${km(saved)}`
              : 'The current order is already the shortest that keeps the times'
          }
        />
      )}
      <section aria-label="Route stops">
        <List
          bordered
          dataSource={ordered}
          renderItem={(s, i) => {
            const eta = etaOf.get(s.appointmentId);
            return (
              <List.Item
                actions={[
                  <Button
                    key="up"
                    size="small"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={`Move invoice ${s.invoiceId} up`}
                  >
                    ↑
                  </Button>,
                  <Button
                    key="down"
                    size="small"
                    disabled={i === ordered.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={`Move invoice ${s.invoiceId} down`}
                  >
                    ↓
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={`${i + 1}. Invoice ${s.invoiceId}${s.customerName ? ` · ${s.customerName}` : ''}`}
                  description={
                    <>
                      {[s.address, s.city].filter(Boolean).join(', ')} · booked{' '}
                      {clock(new Date(s.appointmentDateTime).getTime())}
                      {eta
                        ? ` · ETA ${clock(eta.eta)}${eta.lateMinutes > 0 ? ` (${Math.round(eta.lateMinutes)} min late)` : ''}`
                        : ''}
                    </>
                  }
                />
              </List.Item>
            );
          }}
        />
      </section>
    </Space>
  );
}
