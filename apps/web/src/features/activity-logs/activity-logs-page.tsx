import { ACTIVITY_LOGS_DEFAULT_WINDOW_MINUTES, ACTIVITY_LOGS_TOP } from '@glass/domain/constants';
import { FAILED_TO_GET_ACTIVITY_LOGS } from '@glass/domain/messages/admin';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Empty, InputNumber, Space, Table, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { http, type ODataPage } from '../../api/http';
import { toastError } from '../../api/notices';
import { useDocumentTitle } from '../../shell/document-title';
import { ListSkeleton } from '../../shell/list-skeleton';
import { LogDetails, ParamSearch } from './log-details';

interface Log {
  id: number;
  activityDate: string;
  sessionId: number | null;
  firstName: string | null;
  lastName: string | null;
  activity: string;
  activityType: string;
  recordType: string | null;
  recordId: number | null;
}

const lastMinutes = (): [Dayjs, Dayjs] => [
  dayjs().subtract(ACTIVITY_LOGS_DEFAULT_WINDOW_MINUTES, 'minute'),
  dayjs(),
];

/** /activity-logs (spec 2 §7): a date range (last 10 minutes by default), optional session, 20 a page. */
function LogList() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(lastMinutes);
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['activityLogs', range[0].toISOString(), range[1].toISOString(), sessionId, page],
    placeholderData: keepPreviousData,
    queryFn: () =>
      http.get<ODataPage<Log>>('ActivityLogs', {
        query: {
          StartDate: range[0].toISOString(),
          EndDate: range[1].toISOString(),
          SessionId: sessionId ?? undefined,
          $top: ACTIVITY_LOGS_TOP,
          $skip: (page - 1) * ACTIVITY_LOGS_TOP,
          $count: true,
        },
      }),
  });
  useEffect(() => {
    if (query.isError) toastError(FAILED_TO_GET_ACTIVITY_LOGS);
  }, [query.isError]);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <DatePicker.RangePicker
          showTime
          format="MM/DD/YYYY hh:mm A"
          aria-label="Date range"
          value={range}
          onChange={(v) => {
            if (v?.[0] && v[1]) {
              setRange([v[0], v[1]]);
              setPage(1);
            }
          }}
        />
        <InputNumber
          placeholder="Session Id"
          aria-label="Session Id"
          min={0}
          value={sessionId}
          onChange={(v) => {
            setSessionId(v);
            setPage(1);
          }}
        />
        <Button
          onClick={() => {
            setRange(lastMinutes());
            setPage(1);
          }}
        >
          Last 10 Minutes
        </Button>
      </Space>
      {query.isPending ? (
        <ListSkeleton label="Loading Activity Logs" />
      ) : (
        <Table<Log>
          aria-label="Activity Logs"
          rowKey="id"
          size="small"
          dataSource={query.data?.value ?? []}
          loading={query.isFetching}
          locale={{ emptyText: <Empty description="No Activity Logs found" /> }}
          expandable={{ expandedRowRender: (log) => <LogDetails logId={log.id} /> }}
          pagination={{
            current: page,
            pageSize: ACTIVITY_LOGS_TOP,
            total: query.data?.['@odata.count'] ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            { key: 'date', title: 'Date', render: (_, l) => formatDateTime(l.activityDate) },
            {
              key: 'user',
              title: 'User',
              render: (_, l) => [l.firstName, l.lastName].filter(Boolean).join(' '),
            },
            { key: 'activity', title: 'Activity', dataIndex: 'activity' },
            { key: 'type', title: 'Type', dataIndex: 'activityType' },
            {
              key: 'record',
              title: 'Record',
              render: (_, l) => (l.recordType ? `${l.recordType} ${l.recordId ?? ''}` : ''),
            },
            {
              key: 'session',
              title: 'Session',
              render: (_, l) =>
                l.sessionId ? (
                  <Button
                    type="link"
                    size="small"
                    aria-label={`Show session ${l.sessionId}`}
                    onClick={() => {
                      setSessionId(l.sessionId);
                      setPage(1);
                    }}
                  >
                    {l.sessionId}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
    </Space>
  );
}

export function ActivityLogsPage() {
  useDocumentTitle('Activity Logs');
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" style={{ fontSize: 22, marginTop: 0 }}>
        Activity Logs
      </h1>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'logs', label: 'Activity Logs', children: <LogList /> },
          { key: 'param', label: 'By Parameter', children: <ParamSearch /> },
        ]}
      />
    </section>
  );
}
