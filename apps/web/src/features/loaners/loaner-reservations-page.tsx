import type { LoanerReservationRow } from '@glass/domain/contracts';
import { FAILED_TO_GET_LOANER_RESERVATIONS } from '@glass/domain/messages/loaners';
import { loanerCars } from '@glass/domain/resources/loaner-cars';
import { FACILITY_LOOKUP } from '@glass/domain/resources/lookups';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { useQuery } from '@tanstack/react-query';
import { type Breakpoint, Button, Card, List, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useODataList } from '../../query/use-odata-list';
import { LookupSelect } from '../../resources/lookup-select';
import { ResourceList } from '../../resources/resource-list';
import type { SearchSource } from '../../query/use-search-select';
import { ServerSearchSelect } from '../../ui/server-search-select';
import { useDocumentTitle } from '../../shell/document-title';
import { DataTable } from '../../ui/data-table';
import { DateRangeField } from '../../ui/date-fields';
import { EmptyState } from '../../ui/empty-state';
import { ScreenFrame } from '../../ui/screen-frame';
import { loanersApi } from './loaners-api';
import { UsageDrawer } from './usage-drawer';
import './loaners.css';
import { loanerKeys } from '../../query/query-keys';

const PAGE = 25;
const WIDE: Breakpoint[] = ['md'];
/** Every car, active or not (past reservations name retired cars), searched as the user types. */
const CARS: SearchSource = { path: 'loanerCars' };
const STATE_COLOR = {
  reserved: 'processing',
  out: 'warning',
  returned: 'success',
  cancelled: 'default',
} as const;
const STATE_LABEL = {
  reserved: 'Reserved',
  out: 'Out',
  returned: 'Returned',
  cancelled: 'Cancelled',
} as const;

/** OData `ge`/`lt` bounds of a day range, in the browser's time zone (the facility's for the office). */
const dayStart = (ymd: string) => new Date(`${ymd}T00:00:00`).toISOString();
const nextDayStart = (ymd: string) =>
  new Date(new Date(`${ymd}T00:00:00`).getTime() + 86_400_000).toISOString();

function StateTag({ row }: { row: Pick<LoanerReservationRow, 'state' | 'overdue'> }) {
  return (
    <Space size={4}>
      <Tag color={STATE_COLOR[row.state]}>{STATE_LABEL[row.state]}</Tag>
      {row.overdue && <Tag color="error">Overdue</Tag>}
    </Space>
  );
}

function Reservations() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [facilityId, setFacilityId] = useState<number>();
  const [carId, setCarId] = useState<number>();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<LoanerReservationRow | null>(null);
  const filter = [
    from ? `appointmentDate ge ${dayStart(from)}` : '',
    to ? `appointmentDate lt ${nextDayStart(to)}` : '',
    facilityId ? `facilityId eq ${facilityId}` : '',
    carId ? `loanerCarId eq ${carId}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  const list = useODataList<LoanerReservationRow>({
    key: loanerKeys.reservations(filter),
    path: 'LoanerReservations',
    top: PAGE,
    page,
    count: true,
    query: filter ? { $filter: filter } : undefined,
    failure: FAILED_TO_GET_LOANER_RESERVATIONS,
  });
  const reset = () => setPage(1);
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <DateRangeField
          aria-label="Appointment dates"
          from={from}
          to={to}
          onChange={(f, t) => {
            setFrom(f);
            setTo(t);
            reset();
          }}
        />
        <LookupSelect
          source={FACILITY_LOOKUP}
          aria-label="Facility"
          placeholder="All facilities"
          style={{ minWidth: 200 }}
          value={facilityId}
          onChange={(v) => {
            setFacilityId(v as number | undefined);
            reset();
          }}
        />
        <ServerSearchSelect
          source={CARS}
          aria-label="Car"
          placeholder="All cars"
          style={{ minWidth: 200 }}
          value={carId}
          onChange={(v) => {
            setCarId(v as number | undefined);
            reset();
          }}
        />
      </Space>
      <DataTable<LoanerReservationRow>
        label="Loaner reservations"
        rowKey="id"
        dataSource={list.rows}
        loading={list.isFetching}
        empty="No loaner reservations"
        cardLabel={(r) => `Invoice ${r.invoiceId}`}
        rowClassName={(r) => (r.overdue ? 'gs-row-overdue' : '')}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: list.count ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'invoice',
            title: 'Invoice',
            width: 100,
            render: (_, r) => (
              <Button
                type="link"
                style={{ padding: 0 }}
                onClick={() => setOpen(r)}
                aria-label={`Loaner of invoice ${r.invoiceId}`}
              >
                {r.invoiceId}
              </Button>
            ),
          },
          {
            key: 'date',
            title: 'Appointment',
            width: 170,
            render: (_, r) => formatDateTime(r.appointmentDate),
          },
          { key: 'customer', title: 'Customer', dataIndex: 'customerName' },
          {
            key: 'car',
            title: 'Car',
            render: (_, r) =>
              [r.carName, r.licensePlate && `(${r.licensePlate})`].filter(Boolean).join(' ') ||
              r.reservedType,
          },
          { key: 'facility', title: 'Facility', dataIndex: 'facilityName', responsive: WIDE },
          { key: 'state', title: 'State', width: 150, render: (_, r) => <StateTag row={r} /> },
          {
            key: 'due',
            title: 'Due back',
            width: 170,
            render: (_, r) => (r.expectedReturn ? formatDateTime(r.expectedReturn) : ''),
          },
          {
            key: 'miles',
            title: 'Mileage',
            responsive: WIDE,
            render: (_, r) => [r.checkOutMileage, r.checkInMileage].filter((v) => v !== null).join(' → '),
          },
        ]}
      />
      {open && <UsageDrawer row={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function Fleet() {
  const [facilityId, setFacilityId] = useState<number>();
  const fleet = useQuery({
    queryKey: loanerKeys.fleet(facilityId),
    queryFn: () => loanersApi.fleet(facilityId),
  });
  const out = (fleet.data ?? []).filter((c) => c.out);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <LookupSelect
        source={FACILITY_LOOKUP}
        aria-label="Facility of the cars"
        placeholder="All facilities"
        style={{ minWidth: 200 }}
        value={facilityId}
        onChange={(v) => setFacilityId(v as number | undefined)}
      />
      <Typography.Text role="status">
        {fleet.data ? `${out.length} of ${fleet.data.length} cars out` : ''}
      </Typography.Text>
      <List
        grid={{ gutter: 12, xs: 1, sm: 2, lg: 3 }}
        dataSource={fleet.data ?? []}
        loading={fleet.isLoading}
        locale={{ emptyText: <EmptyState>No loaner cars</EmptyState> }}
        renderItem={(c) => (
          <List.Item>
            <Card
              size="small"
              title={c.name}
              extra={
                c.out ? (
                  <StateTag row={{ state: 'out', overdue: c.out.overdue }} />
                ) : (
                  <Tag color="success">Available</Tag>
                )
              }
            >
              <div>{[c.typeName, c.licensePlate, c.facilityName].filter(Boolean).join(' · ')}</div>
              {c.out && (
                <div>
                  With {c.out.customerName ?? 'customer'} (invoice {c.out.invoiceId}) since{' '}
                  {formatDateTime(c.out.checkOutAt)}
                  {c.out.expectedReturn ? `; due back ${formatDateTime(c.out.expectedReturn)}` : ''}
                </div>
              )}
            </Card>
          </List.Item>
        )}
      />
    </Space>
  );
}

/** /loaner-reservations: reservations with check-out/check-in, the cars out, and the fleet as an admin list. */
export function LoanerReservationsPage() {
  useDocumentTitle('Loaner Reservations');
  return (
    <ScreenFrame title="Loaner Reservations">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'reservations', label: 'Reservations', children: <Reservations /> },
          { key: 'fleet', label: 'Cars out', children: <Fleet /> },
          { key: loanerCars.name, label: loanerCars.title, children: <ResourceList def={loanerCars} /> },
        ]}
      />
    </ScreenFrame>
  );
}
