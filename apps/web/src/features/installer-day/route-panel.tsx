import type { InstallerStop } from '@glass/domain/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Typography } from 'antd';
import { toastError, toastSuccess } from '../../api/notices';
import { RouteMap } from '../../ui/route-map';
import { formatKm, useRouteOrder } from '../../ui/route-plan';
import { RouteStopList, RouteSuggestionNotice } from '../../ui/route-stop-list';
import { fieldApi } from './field-api';
import { fieldKeys } from '../../query/query-keys';

/**
 * The day's route: stops in order with an ETA each, moved by dragging or with the up/down buttons (keyboard
 * usable), "Suggest an order" (packages/domain rules/route-order.ts) showing the distance saved, and Save.
 * The map, the planning and the list are shared with the office's route view (ui/route-map.tsx,
 * ui/route-plan.ts, ui/route-stop-list.tsx).
 */
export function RoutePanel({
  stops,
  start,
  installerId,
  date,
  timeZone,
}: {
  stops: InstallerStop[];
  start: { latitude: number; longitude: number } | null;
  installerId: number;
  date: string;
  timeZone?: string;
}) {
  const queryClient = useQueryClient();
  const route = useRouteOrder(stops, start);
  const save = useMutation({
    mutationFn: () =>
      fieldApi.saveRoute({
        installerId,
        routeDate: date,
        autoUpdate: false,
        latitude: route.origin?.latitude ?? null,
        longitude: route.origin?.longitude ?? null,
        currentStatus: null,
        appointmentIds: route.order,
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
        <Button onClick={route.suggest} disabled={!route.canSuggest}>
          Suggest an order
        </Button>
        <Button
          type="primary"
          onClick={() => save.mutate()}
          loading={save.isPending}
          disabled={!route.order.length}
        >
          Save route
        </Button>
        {route.plan && <Typography.Text>Total {formatKm(route.plan.distanceKm)}</Typography.Text>}
      </Space>
      <RouteSuggestionNotice savedKm={route.savedKm} />
      <div className="route-layout">
        <RouteMap stops={route.ordered} start={route.origin} />
        <RouteStopList
          stops={route.ordered}
          etaOf={route.etaOf}
          onMoveTo={route.moveTo}
          timeZone={timeZone}
        />
      </div>
    </Space>
  );
}
