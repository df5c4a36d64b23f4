import { PhoneOutlined, ReloadOutlined } from '@ant-design/icons';
import { CALL_LOGGED_EVENT, type CallLogRow, type CallStats } from '@glass/domain/contracts';
import { FAILED_TO_GET_CALL_CENTER_DASHBOARD } from '@glass/domain/messages/phone';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Select, Space, Statistic, Table, type TableColumnsType, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { showError } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { useFailureToast } from '../../query/use-failure-toast';
import { useDocumentTitle } from '../../shell/document-title';
import { ScrollBox } from '../../ui/scroll-box';
import { DateRangeField } from '../../ui/date-fields';
import { EmptyState } from '../../ui/empty-state';
import { LoadState, ScreenFrame } from '../../ui/screen-frame';
import { onRealtimeChange } from '../messaging';
import { makePhoneCall } from '../phone-bridge';
import { callCenterApi } from './call-center-api';
import { formatTalk, MatchLinks } from './call-parts';
import { callCenterKeys } from '../../query/query-keys';

const PRIORITY_LABELS: Record<number, string> = {
  1: 'Repairs, no contact yet',
  2: 'Replacements, no contact yet',
  3: 'Repairs, contacted',
  4: 'Replacements, contacted',
};

const statColumns = <T extends CallStats>(): TableColumnsType<T> => [
  { title: 'Made', dataIndex: 'made', key: 'made', align: 'right' },
  { title: 'Received', dataIndex: 'received', key: 'received', align: 'right' },
  { title: 'Answered', dataIndex: 'answered', key: 'answered', align: 'right' },
  { title: 'Reported answered', dataIndex: 'reportedAnswered', key: 'reportedAnswered', align: 'right' },
  { title: 'Missed', dataIndex: 'missed', key: 'missed', align: 'right' },
  {
    title: 'Avg talk',
    key: 'avg',
    align: 'right',
    render: (_, r) => formatTalk(r.avgTalkSeconds),
  },
  { title: 'Outcomes', dataIndex: 'outcomes', key: 'outcomes', align: 'right' },
];

/** /call-center: the floor today or over a range, live through the real-time hub (issue #22). */
export function CallCenterPage() {
  useDocumentTitle('Call Center');
  const { facilities, user } = useSessionState();
  const [facilityId, setFacilityId] = useState<number>();
  const [range, setRange] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const dashboard = useQuery({
    queryKey: callCenterKeys.dashboard(facilityId, range.from, range.to),
    queryFn: () =>
      callCenterApi.dashboard({
        facilityId,
        startDate: range.from || undefined,
        endDate: range.to || range.from || undefined,
      }),
  });
  useFailureToast(dashboard.isError, FAILED_TO_GET_CALL_CENTER_DASHBOARD);
  const { refetch } = dashboard;
  // A call logged anywhere (the PBX, an agent's outcome) refreshes the floor, and so does a (re)connection,
  // which may have missed one.
  useEffect(() => onRealtimeChange([CALL_LOGGED_EVENT], () => void refetch()), [refetch]);

  const d = dashboard.data;
  const callBack = async (row: CallLogRow) => {
    if (!row.phone) return;
    try {
      await makePhoneCall({
        DestinationPhoneNumber: row.phone,
        UseFacilityId: false,
        PhoneFacilityId: user?.facility?.id ?? null,
      });
    } catch (error) {
      showError(error, 'Failed to place the call');
    }
  };

  const missedColumns: TableColumnsType<CallLogRow> = [
    { title: 'When', key: 'at', render: (_, r) => formatDateTime(r.startedAt) },
    { title: 'From', dataIndex: 'phone', key: 'phone' },
    { title: 'Taken by', key: 'employee', render: (_, r) => r.employee?.name ?? '—' },
    { title: 'Matched', key: 'matched', render: (_, r) => <MatchLinks row={r} /> },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, r) => (
        <Button
          size="small"
          icon={<PhoneOutlined />}
          aria-label={`Call back ${r.phone ?? ''}`}
          onClick={() => void callBack(r)}
        >
          Call back
        </Button>
      ),
    },
  ];

  return (
    <ScreenFrame
      title="Call Center"
      style={{ minWidth: 0 }}
      actions={
        <Space wrap>
          <Select<number>
            allowClear
            aria-label="Facility"
            placeholder="All facilities"
            style={{ minWidth: 180 }}
            value={facilityId}
            onChange={setFacilityId}
            options={facilities.map((f) => ({ value: f.id, label: f.shortName ?? f.name }))}
          />
          <DateRangeField
            aria-label="Date range"
            from={range.from}
            to={range.to}
            onChange={(from, to) => setRange({ from, to })}
          />
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={dashboard.isRefetching}>
            Refresh
          </Button>
        </Space>
      }
    >
      <LoadState
        loading={dashboard.isPending}
        failed={dashboard.isError}
        failure={FAILED_TO_GET_CALL_CENTER_DASHBOARD}
        label="Loading Call Center dashboard"
      >
        {d && (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <p role="status" aria-live="polite" style={{ margin: 0 }}>
              {d.range.startDate === d.range.endDate
                ? `Calls on ${d.range.startDate}`
                : `Calls from ${d.range.startDate} to ${d.range.endDate}`}{' '}
              ({d.range.timeZone}): {d.totals.made} made, {d.totals.received} received
            </p>
            <div className="call-center-stats" data-testid="call-center-totals">
              <Statistic title="Calls made" value={d.totals.made} />
              <Statistic title="Calls received" value={d.totals.received} />
              <Statistic title="Answered" value={d.totals.answered} />
              <Statistic title="Reported answered" value={d.totals.reportedAnswered} />
              <Statistic title="Missed" value={d.totals.missed} />
              <Statistic title="Avg talk time" value={formatTalk(d.totals.avgTalkSeconds)} />
              <Statistic title="Outcomes recorded" value={d.totals.outcomes} />
            </div>
            <div className="call-center-cards">
              <Card size="small" title="Ready to call">
                <ul className="call-center-queue" aria-label="Ready to call by priority">
                  {d.queue.map((q) => (
                    <li key={q.priority}>
                      <Tag color={q.priority <= 2 ? 'error' : 'success'}>{q.priority}</Tag>
                      {PRIORITY_LABELS[q.priority]}: <strong>{q.count}</strong>
                    </li>
                  ))}
                </ul>
              </Card>
              <Card size="small" title="Follow-ups">
                <Space size="large">
                  <Statistic title="Due today" value={d.followUps.due} />
                  <Statistic title="Overdue" value={d.followUps.overdue} />
                </Space>
              </Card>
            </div>
            <Card size="small" title="Missed calls not called back">
              <ScrollBox className="gs-table-scroll" label="Missed calls not called back">
                <Table<CallLogRow>
                  size="small"
                  rowKey="id"
                  pagination={false}
                  columns={missedColumns}
                  dataSource={d.missedNotCalledBack}
                  locale={{
                    emptyText: <EmptyState compact>{'Every missed call was called back'}</EmptyState>,
                  }}
                />
              </ScrollBox>
            </Card>
            <Card size="small" title="Agents">
              <ScrollBox className="gs-table-scroll" label="Agents">
                <Table
                  size="small"
                  rowKey="employeeId"
                  pagination={false}
                  dataSource={d.agents}
                  columns={[
                    { title: 'Agent', dataIndex: 'name', key: 'name' },
                    ...statColumns<(typeof d.agents)[number]>(),
                  ]}
                  locale={{ emptyText: <EmptyState compact>{'No calls in this range'}</EmptyState> }}
                />
              </ScrollBox>
            </Card>
            <Card size="small" title="Facilities">
              <ScrollBox className="gs-table-scroll" label="Facilities">
                <Table
                  size="small"
                  rowKey={(r) => r.facilityId ?? 0}
                  pagination={false}
                  dataSource={d.facilities}
                  columns={[
                    { title: 'Facility', dataIndex: 'name', key: 'name' },
                    ...statColumns<(typeof d.facilities)[number]>(),
                  ]}
                  locale={{ emptyText: <EmptyState compact>{'No calls in this range'}</EmptyState> }}
                />
              </ScrollBox>
            </Card>
          </Space>
        )}
      </LoadState>
    </ScreenFrame>
  );
}
