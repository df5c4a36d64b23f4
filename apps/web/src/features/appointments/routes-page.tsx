import { CalendarOutlined } from '@ant-design/icons';
import type { InstallerRoute } from '@glass/domain/contracts';
import {
  FAILED_TO_GET_INSTALLERS,
  FAILED_TO_LIST_APPOINTMENTS,
  NO_APPOINTMENTS_FOR_DAY,
} from '@glass/domain/messages/appointments';
import { calendarDayInTimeZone } from '@glass/domain/rules/time-zone';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { withProgress } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { useFailureToast } from '../../query/use-failure-toast';
import { useDocumentTitle } from '../../shell/document-title';
import { DateField } from '../../ui/date-fields';
import { EmptyState } from '../../ui/empty-state';
import { RouteMap } from '../../ui/route-map';
import { formatKm, useRouteOrder } from '../../ui/route-plan';
import { RouteStopList, RouteSuggestionNotice } from '../../ui/route-stop-list';
import { LoadState, ScreenFrame } from '../../ui/screen-frame';
import { SearchSelect } from '../../ui/search-select';
import { appointmentsApi, useActiveInstallers } from './appointments-api';
import { useAppointmentLive } from './use-appointment-live';
import { appointmentKeys } from '../../query/query-keys';

const ALL = 0;

/**
 * /appointment-routes: the office's view of the installers' routes of a day (issue #18 item 4). One
 * installer's route, or every installer's with visits at the user's facility (a tab each): the stops as
 * numbered pins joined in order on the map, the list beside it (below it on a phone) to reorder by dragging
 * or with the up/down buttons, "Suggest an order" with the distance saved and an ETA per stop, and Save
 * (POST appointments/facility/route).
 */
export function RoutesPage() {
  useDocumentTitle('Appointment Routes');
  useAppointmentLive();
  const navigate = useNavigate();
  const { user } = useSessionState();
  const facility = user?.facility ?? null;
  // The day and the installer live in the address (?date=YYYY-MM-DD&installerId=N): a reload or a shared
  // link shows the same route, and the calendar opens this screen on its own day.
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const date =
    asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && dayjs(asked).isValid()
      ? asked
      : facility?.timeZone
        ? calendarDayInTimeZone(Date.now(), facility.timeZone)
        : dayjs().format('YYYY-MM-DD');
  const installerId = Number(params.get('installerId')) || ALL;
  const choose = (next: { date?: string; installerId?: number }) => {
    const d = next.date ?? date;
    const i = next.installerId ?? installerId;
    setParams(i === ALL ? { date: d } : { date: d, installerId: String(i) }, { replace: true });
  };
  const installers = useActiveInstallers();
  useFailureToast(installers.isError, FAILED_TO_GET_INSTALLERS);
  const q =
    installerId === ALL
      ? { facilityId: facility?.id, startDate: date }
      : { userId: installerId, startDate: date };
  const routes = useQuery({
    queryKey: appointmentKeys.routes(q),
    queryFn: () => appointmentsApi.routes(q),
    enabled: installerId !== ALL || !!facility,
  });
  useFailureToast(routes.isError, FAILED_TO_LIST_APPOINTMENTS);
  const list = (routes.data ?? []).filter((r) => installerId !== ALL || r.stops.length > 0);

  return (
    <ScreenFrame
      title="Appointment Routes"
      actions={
        <Space wrap>
          <Button icon={<CalendarOutlined />} onClick={() => navigate(`/appointments?view=Day&date=${date}`)}>
            Calendar
          </Button>
          <Button onClick={() => void routes.refetch()} loading={routes.isRefetching}>
            Refresh
          </Button>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 12 }} align="center">
        <DateField
          aria-label="Day"
          value={date}
          onChange={(v) => v && choose({ date: v })}
          allowClear={false}
        />
        <SearchSelect<number>
          aria-label="Installer"
          minWidth={220}
          value={installerId}
          onChange={(v) => choose({ installerId: v ?? ALL })}
          options={[
            { value: ALL, label: facility ? `All installers at ${facility.shortName}` : 'All installers' },
            ...(installers.data ?? []).map((i) => ({
              value: i.id,
              label: `${i.firstName} ${i.lastName}${i.facility ? ` (${i.facility.shortName})` : ''}`,
            })),
          ]}
        />
      </Space>
      {installerId === ALL && !facility ? (
        <Alert type="info" showIcon title="Your account has no facility: choose an installer." />
      ) : (
        <LoadState
          loading={routes.isLoading}
          failed={routes.isError}
          failure={FAILED_TO_LIST_APPOINTMENTS}
          label="Loading routes"
        >
          {list.length === 0 ? (
            <EmptyState>{NO_APPOINTMENTS_FOR_DAY}</EmptyState>
          ) : list.length === 1 ? (
            <RouteEditor key={editorKey(list[0])} route={list[0]} />
          ) : (
            <Tabs
              items={list.map((r) => ({
                key: String(r.installerId),
                label: `${r.installerName} (${r.stops.length})`,
                children: <RouteEditor key={editorKey(r)} route={r} />,
              }))}
            />
          )}
        </LoadState>
      )}
    </ScreenFrame>
  );
}

/** A new answer (another order saved, a stop added or moved away) starts the editing afresh. */
const editorKey = (r: InstallerRoute) =>
  `${r.installerId}:${r.routeDate}:${r.updatedAt ?? ''}:${r.stops.map((s) => s.appointmentId).join(',')}`;

/** One installer's route: the map, the list, the suggestion and Save. */
function RouteEditor({ route }: { route: InstallerRoute }) {
  const queryClient = useQueryClient();
  const plan = useRouteOrder(route.stops, route.start);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const who = route.installerName;

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await withProgress(
        appointmentsApi.saveRoute({
          installerId: route.installerId,
          routeDate: route.routeDate,
          autoUpdate: route.autoUpdate,
          latitude: plan.origin?.latitude ?? null,
          longitude: plan.origin?.longitude ?? null,
          currentStatus: route.currentStatus,
          appointmentIds: plan.order,
        }),
        'Route saved',
      );
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.allRoutes });
    } catch (e) {
      // withProgress has shown the server's message as a toast; it stays here too until the next save.
      setFailure(
        (e instanceof ApiError ? (e.firstError ?? e.bodyText) : undefined) ?? 'The route was not saved.',
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap align="center">
        <Button onClick={plan.suggest} disabled={!plan.canSuggest}>
          Suggest an order
        </Button>
        <Button type="primary" onClick={save} loading={saving} disabled={!plan.order.length}>
          Save route
        </Button>
        {plan.plan ? <Typography.Text>Total {formatKm(plan.plan.distanceKm)}</Typography.Text> : null}
        {plan.changed ? <Tag color="warning">Not saved</Tag> : null}
        {route.id === null ? (
          <Typography.Text type="secondary">No saved order yet: by time</Typography.Text>
        ) : null}
      </Space>
      <RouteSuggestionNotice savedKm={plan.savedKm} />
      {failure ? <Alert type="error" showIcon title={`Route not saved: ${failure}`} /> : null}
      <div className="route-layout">
        <RouteMap stops={plan.ordered} start={plan.origin} label={`Route map of ${who}`} />
        <RouteStopList
          stops={plan.ordered}
          etaOf={plan.etaOf}
          onMoveTo={plan.moveTo}
          timeZone={route.timeZone}
          label={`Route stops of ${who}`}
        />
      </div>
    </Space>
  );
}
