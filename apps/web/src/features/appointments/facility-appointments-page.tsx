import type { AppointmentRow } from '@glass/domain/contracts';
import {
  FAILED_TO_LIST_FACILITY_APPOINTMENTS,
  NO_APPOINTMENTS_FOR_DAY,
} from '@glass/domain/messages/appointments';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import './appointments.css';
import { useFailureToast } from '../../query/use-failure-toast';
import { useDocumentTitle } from '../../shell/document-title';
import { type DataColumn, DataTable } from '../../ui/data-table';
import { DateField } from '../../ui/date-fields';
import { EmptyState } from '../../ui/empty-state';
import { LoadState, ScreenFrame } from '../../ui/screen-frame';
import { STATUS_TAG, timeLabel } from './appointment-colors';
import { AppointmentDrawer } from './appointment-drawer';
import { appointmentsApi } from './appointments-api';
import { useAppointmentLive } from './use-appointment-live';
import { PageSwitchBar } from './page-switch-bar';
import { usePageSwitches } from './use-page-switches';
import { appointmentKeys } from '../../query/query-keys';

const TITLE = 'My Facility Appointments';
/** Spec 2 §4: Completed; ReSchedule; Scheduled, Arrived and any other status. */
const GROUPS: { key: AppointmentRow['group']; title: string }[] = [
  { key: 'scheduled', title: 'Scheduled' },
  { key: 'reschedule', title: 'ReSchedule' },
  { key: 'completed', title: 'Completed' },
];

/** /my-facility-appointments: the day's appointments of my facility, grouped by status. */
export function FacilityAppointmentsPage() {
  useDocumentTitle(TITLE);
  useAppointmentLive();
  const switches = usePageSwitches(TITLE);
  const [day, setDay] = useState(() => dayjs().format('YYYY-MM-DD'));
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery({
    queryKey: appointmentKeys.facility(day),
    queryFn: () => appointmentsApi.facility(day),
  });
  useFailureToast(list.isError, FAILED_TO_LIST_FACILITY_APPOINTMENTS);
  const rows = (list.data ?? []).filter((a) => (a.isReplacement ? switches.replacements : switches.repairs));
  const columns: DataColumn<AppointmentRow>[] = [
    {
      key: 'time',
      title: 'Time',
      dataIndex: 'localDateTime',
      render: (v: string, a) => (
        <Button type="link" onClick={() => setOpen(a.invoiceId)} style={{ padding: 0 }}>
          {timeLabel(v)} · #{a.invoiceId}
        </Button>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      dataIndex: 'statusName',
      render: (v: string, a) => <Tag color={STATUS_TAG[a.statusId]}>{v}</Tag>,
    },
    { key: 'customer', title: 'Customer', dataIndex: 'customerName' },
    { key: 'vehicle', title: 'Vehicle', dataIndex: 'vehicle' },
    { key: 'part', title: 'Part', dataIndex: 'partTypeName' },
    { key: 'installer', title: 'Installer', dataIndex: 'installerName' },
    {
      key: 'where',
      title: 'Where',
      render: (_: unknown, a) =>
        a.serviceAppointment ? [a.serviceAddress, a.city].filter(Boolean).join(', ') : 'In shop',
    },
  ];
  return (
    <ScreenFrame
      title={TITLE}
      actions={
        <Button onClick={() => list.refetch()} loading={list.isRefetching}>
          Refresh
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 8 }} align="center">
        <DateField aria-label="Day" value={day} onChange={(v) => v && setDay(v)} allowClear={false} />
        <PageSwitchBar switches={switches} />
      </Space>
      <LoadState
        loading={list.isLoading}
        failed={list.isError}
        failure={FAILED_TO_LIST_FACILITY_APPOINTMENTS}
        label="Loading facility appointments"
      >
        {rows.length === 0 ? <EmptyState>{NO_APPOINTMENTS_FOR_DAY}</EmptyState> : null}
        {GROUPS.map((g) => {
          const group = rows.filter((a) => a.group === g.key);
          if (rows.length === 0) return null;
          return (
            <section key={g.key} aria-labelledby={`appt-group-${g.key}`} style={{ marginBottom: 16 }}>
              <h2 id={`appt-group-${g.key}`} style={{ fontSize: 17 }}>
                {g.title} ({group.length})
              </h2>
              <DataTable<AppointmentRow>
                label={`${g.title} appointments`}
                rowKey="id"
                columns={columns}
                dataSource={group}
                pagination={false}
                empty={`No ${g.title.toLowerCase()} appointments`}
                cardLabel={(a) => `${timeLabel(a.localDateTime)} invoice ${a.invoiceId}`}
              />
            </section>
          );
        })}
      </LoadState>
      <AppointmentDrawer invoiceId={open} onClose={() => setOpen(null)} />
    </ScreenFrame>
  );
}
