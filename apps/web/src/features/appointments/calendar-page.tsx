import { NodeIndexOutlined } from '@ant-design/icons';
import { appointmentStatusLabel } from '@glass/domain/enums';
import { type CalendarView, type CalendarVisit, calendarVisit } from '@glass/domain/contracts';
import {
  FAILED_TO_GET_INSTALLERS,
  FAILED_TO_LIST_APPOINTMENTS,
  NO_APPOINTMENTS_FOR_DAY,
} from '@glass/domain/messages/appointments';
import { canOpenRoute } from '@glass/domain/route-access';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Calendar, dayjsLocalizer, type View } from 'react-big-calendar';
import dragAndDrop, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import './appointments.css';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { showError, withProgress } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { useFailureToast } from '../../query/use-failure-toast';
import { useDocumentTitle } from '../../shell/document-title';
import { ScreenFrame } from '../../ui/screen-frame';
import { dateToDay, dateToWall, statusStyle, timeLabel, wallToDate } from './appointment-colors';
import { AppointmentDrawer } from './appointment-drawer';
import { appointmentsApi, useCalendarInstallers } from './appointments-api';
import { moveBody } from './schedule-body';
import { useAppointmentLive } from './use-appointment-live';
import { PageSwitchBar } from './page-switch-bar';
import { usePageSwitches } from './use-page-switches';
import { appointmentKeys } from '../../query/query-keys';

const localizer = dayjsLocalizer(dayjs);

interface CalEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  resourceId: number | null;
  row: CalendarVisit;
}

// The addon ships as CommonJS only: the bundle may hand over its module object instead of the function.
const withDragAndDrop = ((dragAndDrop as unknown as { default?: typeof dragAndDrop }).default ??
  dragAndDrop) as typeof dragAndDrop;
const DnDCalendar = withDragAndDrop<CalEvent, { id: number; name: string }>(Calendar);
const VIEWS: CalendarView[] = ['Day', 'Week', 'Month'];
const toRbc = (v: CalendarView) => v.toLowerCase() as View;
const fromRbc = (v: View): CalendarView => (v === 'day' ? 'Day' : v === 'month' ? 'Month' : 'Week');
const MOVABLE = new Set([1, 4]);
/** The day headers as plain text: the library's own carry a columnheader role outside any row (axe). */
const CALENDAR_COMPONENTS = { header: ({ label }: { label: ReactNode }) => <span>{label}</span> };

const viewParam = (v: string | null): CalendarView => VIEWS.find((x) => x === v) ?? 'Week';
/** 'YYYY-MM-DD' → that day at noon in the browser (the calendar's frame); anything else → null. */
function dateParam(v: string | null): Date | null {
  if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  const d = wallToDate(`${v}T12:00`);
  return dateToDay(d) === v ? d : null;
}

/** /appointments: the calendar (Day with one lane per installer, Week, Month); drag to reschedule. */
export function CalendarPage() {
  useDocumentTitle('Appointments');
  useAppointmentLive();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSessionState();
  const switches = usePageSwitches('Appointments');
  // ?view=Day&date=YYYY-MM-DD opens a given view and day (the route view links back here with them).
  const [params] = useSearchParams();
  const [view, setView] = useState<CalendarView>(() => viewParam(params.get('view')));
  const calendarRef = useRef<HTMLDivElement>(null);
  useKeyboardScrollable(calendarRef);
  const [date, setDate] = useState(() => dateParam(params.get('date')) ?? new Date());
  const [installerId, setInstallerId] = useState<number>();
  const [open, setOpen] = useState<number | null>(null);
  const startDate = dateToDay(date);
  const q = { startDate, view, installerId, repairs: switches.repairs, replacements: switches.replacements };
  const cal = useQuery({
    queryKey: appointmentKeys.calendar(q),
    queryFn: () => appointmentsApi.calendar(q),
    enabled: switches.ready,
    placeholderData: (prev) => prev,
  });
  useFailureToast(cal.isError, FAILED_TO_LIST_APPOINTMENTS);
  const installers = useCalendarInstallers(startDate, view);
  useFailureToast(installers.isError, FAILED_TO_GET_INSTALLERS);

  const events = useMemo<CalEvent[]>(() => {
    const names = new Map((cal.data?.installers ?? []).map((i) => [i.id, i.name]));
    const partTypes = new Map((cal.data?.partTypes ?? []).map((p) => [p.id, p.name]));
    return (cal.data?.appointments ?? []).map(calendarVisit).map((a) => {
      const start = wallToDate(a.localDateTime);
      const installer = (a.installerId && names.get(a.installerId)) || 'Unassigned';
      return {
        id: a.id,
        title: `${timeLabel(a.localDateTime)} ${appointmentStatusLabel(a.statusId as never) ?? ''} · #${a.invoiceId} ${a.customerName ?? ''} · ${partTypes.get(a.partTypeId) ?? ''}${
          view === 'Day' ? '' : ` · ${installer}`
        }`,
        start,
        end: new Date(start.getTime() + a.timeAllowed * 60_000),
        resourceId: a.installerId,
        row: a,
      };
    });
  }, [cal.data, view]);
  const lanes = view === 'Day' ? (cal.data?.installers ?? []) : undefined;
  const dayEvents = events.filter((e) => dateToDay(e.start) === startDate);
  const scrollTo = useMemo(() => {
    const [h, m] = (cal.data?.scrollTo ?? '08:00').split(':').map(Number);
    return new Date(1970, 0, 1, h, m);
  }, [cal.data?.scrollTo]);
  // The library scrolls to scrollToTime only when its time grid mounts, which is before the answer (and its
  // first appointment) arrives: scroll again once the shown range's own answer is here.
  const answered = cal.data !== undefined && !cal.isPlaceholderData;
  useEffect(() => {
    if (!answered || view === 'Month') return;
    const grid = calendarRef.current?.querySelector<HTMLElement>('.rbc-time-content');
    if (grid)
      grid.scrollTop = (grid.scrollHeight * (scrollTo.getHours() * 60 + scrollTo.getMinutes())) / 1440;
  }, [answered, scrollTo, view]);

  const move = async ({ event, start, resourceId }: EventInteractionArgs<CalEvent>) => {
    const s = new Date(start);
    const lane = typeof resourceId === 'number' ? resourceId : (event.row.installerId ?? undefined);
    if (!lane) return;
    let body: ReturnType<typeof moveBody> | undefined;
    try {
      const related = await appointmentsApi.dayRelated(event.row.invoiceId);
      const schedule = related.schedules.find((x) => x.partTypeId === event.row.partTypeId);
      if (schedule) body = moveBody(schedule, dateToWall(s), lane);
    } catch (error) {
      showError(error);
    }
    if (!body) return;
    try {
      await withProgress(appointmentsApi.save(body), 'Appointment moved');
    } catch {
      // withProgress has shown the server's message: a 409 names the booking or loaner in the way.
    }
    await queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
  };

  return (
    <ScreenFrame
      title="Appointments"
      actions={
        <Space wrap>
          {canOpenRoute(user?.userRoleId ?? user?.userRole, '/appointment-routes') ? (
            <Button
              icon={<NodeIndexOutlined />}
              onClick={() => navigate(`/appointment-routes?date=${startDate}`)}
            >
              Routes
            </Button>
          ) : null}
          <Button onClick={() => cal.refetch()} loading={cal.isRefetching}>
            Refresh
          </Button>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 8 }} align="center">
        <Select<number>
          allowClear
          aria-label="Installer"
          placeholder="All installers"
          style={{ minWidth: 220 }}
          value={installerId}
          onChange={setInstallerId}
          showSearch={{ optionFilterProp: 'label' }}
          options={(installers.data ?? []).map((i) => ({
            value: i.id,
            label: `${i.firstName} ${i.lastName} (${i.appointmentCount})`,
          }))}
        />
        <PageSwitchBar switches={switches} />
      </Space>
      {cal.isError ? <Alert type="error" showIcon title={FAILED_TO_LIST_APPOINTMENTS} /> : null}
      {view === 'Day' && cal.data && !cal.isFetching && dayEvents.length === 0 ? (
        <p role="status" className="appt-empty">
          {NO_APPOINTMENTS_FOR_DAY}
        </p>
      ) : null}
      <div className="appt-calendar" data-view={view} ref={calendarRef}>
        <DnDCalendar
          localizer={localizer}
          events={events}
          view={toRbc(view)}
          views={VIEWS.map(toRbc)}
          onView={(v) => setView(fromRbc(v))}
          date={date}
          onNavigate={(d) => setDate(d)}
          scrollToTime={scrollTo}
          step={30}
          timeslots={2}
          resources={lanes}
          resourceIdAccessor="id"
          resourceTitleAccessor="name"
          popup
          draggableAccessor={(e) => MOVABLE.has(e.row.statusId)}
          resizable={false}
          onEventDrop={move}
          onSelectEvent={(e) => setOpen(e.row.invoiceId)}
          onKeyPressEvent={(e, k) => {
            const key = (k as unknown as KeyboardEvent).key;
            if (key === 'Enter' || key === ' ') setOpen(e.row.invoiceId);
          }}
          components={CALENDAR_COMPONENTS}
          eventPropGetter={(e) => ({ style: statusStyle(e.row.statusId) })}
          tooltipAccessor={(e) => e.title}
          style={{ height: view === 'Month' ? 720 : 760 }}
        />
      </div>
      <AppointmentDrawer invoiceId={open} onClose={() => setOpen(null)} />
    </ScreenFrame>
  );
}

/**
 * The calendar's time grid scrolls (the day starts at 08:00, earlier hours are above): a keyboard user must be
 * able to reach it and scroll it with the arrow keys. react-big-calendar renders it without a tab stop, and
 * re-renders it when the view changes, so each new one gets its tab stop and name.
 */
function useKeyboardScrollable(ref: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const mark = () => {
      for (const el of root.querySelectorAll<HTMLElement>('.rbc-time-content, .rbc-agenda-content')) {
        if (el.tabIndex !== 0) el.tabIndex = 0;
        if (!el.getAttribute('aria-label')) {
          el.setAttribute('role', 'region');
          el.setAttribute('aria-label', 'Appointments by time');
        }
      }
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [ref]);
}
