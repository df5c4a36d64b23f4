import { FAILED_TO_LIST_APPOINTMENTS } from '@glass/domain/messages/appointments';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Input, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useWrite } from '../../query/use-write';
import { LoadState } from '../../ui/screen-frame';
import { STATUS_TAG, timeLabel } from './appointment-colors';
import { appointmentsApi } from './appointments-api';
import { FieldRecords } from './field-records';
import { RecordChangeNotice, useRecordLive } from '../messaging';
import { appointmentKeys } from '../../query/query-keys';

/** One invoice's appointments (GET appointments/details): every visit, newest first; reschedule or cancel. */
export function AppointmentDrawer({ invoiceId, onClose }: { invoiceId: number | null; onClose: () => void }) {
  const details = useQuery({
    queryKey: appointmentKeys.details(invoiceId ?? 0),
    queryFn: () => appointmentsApi.details(invoiceId as number),
    enabled: invoiceId !== null,
  });
  const write = useWrite([appointmentKeys.all]);
  // Live: the visit's invoice; a change by someone else ("Kevin Price marked Arrived") is named here.
  const live = useRecordLive('Invoice', invoiceId ?? undefined, [
    appointmentKeys.details(invoiceId ?? 0),
    appointmentKeys.allFieldRecords(invoiceId ?? 0),
  ]);
  const [note, setNote] = useState('');
  const d = details.data;
  const current = d?.appointments[0];
  return (
    <Drawer
      open={invoiceId !== null}
      onClose={onClose}
      title={invoiceId ? `Appointment: invoice ${invoiceId}` : ''}
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
    >
      <LoadState
        loading={details.isLoading}
        failed={details.isError}
        failure={FAILED_TO_LIST_APPOINTMENTS}
        label="Loading appointment"
      >
        {d ? (
          <>
            <RecordChangeNotice change={live.change} onClose={live.dismiss} />
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'c', label: 'Customer', children: d.customerName ?? '' },
                { key: 'v', label: 'Vehicle', children: d.vehicle ?? '' },
                {
                  key: 'i',
                  label: 'Invoice',
                  children: <Link to={`/invoices/${d.invoiceId}`}>Open invoice {d.invoiceId}</Link>,
                },
              ]}
            />
            {d.appointments.map((a) => (
              <section
                key={a.id}
                aria-label={`Visit ${a.localDateTime.slice(0, 10)} ${timeLabel(a.localDateTime)}`}
                style={{ borderTop: '1px solid var(--gs-color-split)', paddingTop: 8, marginTop: 8 }}
              >
                <Space wrap>
                  <strong>
                    {a.localDateTime.slice(5, 7)}/{a.localDateTime.slice(8, 10)}/{a.localDateTime.slice(0, 4)}{' '}
                    {timeLabel(a.localDateTime)}
                  </strong>
                  <Tag color={STATUS_TAG[a.statusId]}>{a.statusName}</Tag>
                  <span>{a.partTypeName}</span>
                </Space>
                <Descriptions
                  column={1}
                  size="small"
                  items={[
                    { key: 'inst', label: 'Installer', children: a.installerName ?? 'Unassigned' },
                    { key: 'time', label: 'Time allowed', children: `${a.timeAllowed} min` },
                    {
                      key: 'addr',
                      label: a.serviceAppointment ? 'Service address' : 'In shop',
                      children: [a.serviceAddress, a.city, a.state, a.zip].filter(Boolean).join(', '),
                    },
                    { key: 'ph', label: 'Phone', children: [a.phone1, a.phone2].filter(Boolean).join(', ') },
                    { key: 'ins', label: 'Instructions', children: a.instructions ?? '' },
                    { key: 'loan', label: 'Loaner', children: a.loanerCarName ?? 'None' },
                    {
                      key: 'wait',
                      label: 'Customer waiting',
                      children: a.customerIsWaiting ? (a.customerWaitingOptionName ?? 'Yes') : 'No',
                    },
                  ]}
                />
              </section>
            ))}
            {current ? (
              <Space wrap style={{ marginTop: 12 }}>
                <Link to={`/schedule-appointment?invoiceId=${d.invoiceId}&partTypeId=${current.partTypeId}`}>
                  Reschedule or edit
                </Link>
                {current.statusId === 1 || current.statusId === 4 ? (
                  <Popconfirm
                    title="Cancel this appointment?"
                    description={
                      <Input
                        aria-label="Reason for cancelling"
                        placeholder="Reason (optional)"
                        value={note}
                        onChange={(e) => setNote(e.target.value)}
                      />
                    }
                    okText="Cancel appointment"
                    cancelText="Keep"
                    onConfirm={async () => {
                      if (
                        await write(() =>
                          appointmentsApi.cancel({
                            invoiceId: d.invoiceId,
                            partTypeId: current.partTypeId,
                            note,
                          }),
                        )
                      )
                        setNote('');
                    }}
                  >
                    <Button danger>Cancel appointment</Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ) : null}
            <section aria-labelledby="drawer-field-records" className="appt-drawer-field">
              <h2 id="drawer-field-records">Field records</h2>
              <FieldRecords invoiceId={d.invoiceId} timeZone={d.timeZone} />
            </section>
          </>
        ) : null}
      </LoadState>
    </Drawer>
  );
}
