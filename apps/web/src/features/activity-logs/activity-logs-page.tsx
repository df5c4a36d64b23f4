import type { ActivityLog } from '@glass/domain/contracts';
import { ACTIVITY_LOGS_DEFAULT_WINDOW_MINUTES, ACTIVITY_LOGS_TOP } from '@glass/domain/constants';
import { FAILED_TO_GET_ACTIVITY_LOGS } from '@glass/domain/messages/admin';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { Button, InputNumber, Space, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { activityLogKeys } from '../../query/query-keys';
import { useODataList } from '../../query/use-odata-list';
import { useDocumentTitle } from '../../shell/document-title';
import { DataTable } from '../../ui/data-table';
import { DateTimeRangeField } from '../../ui/date-fields';
import { ListSkeleton } from '../../ui/list-skeleton';
import { ScreenFrame } from '../../ui/screen-frame';
import { LogDetails, ParamSearch } from './log-details';

/** A row as the contract declares it (packages/domain/src/contracts/activity-logs.ts). */
type Log = ActivityLog;

const lastMinutes = (): [Dayjs, Dayjs] => [
  dayjs().subtract(ACTIVITY_LOGS_DEFAULT_WINDOW_MINUTES, 'minute'),
  dayjs(),
];

/** /activity-logs (spec 2 §7): a date range (last 10 minutes by default), optional session, 20 a page. */
function LogList() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(lastMinutes);
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [start, end] = [range[0].toISOString(), range[1].toISOString()];
  const query = useODataList<Log>({
    key: activityLogKeys.list(start, end, sessionId),
    path: 'ActivityLogs',
    top: ACTIVITY_LOGS_TOP,
    count: true,
    page,
    query: { StartDate: start, EndDate: end, SessionId: sessionId ?? undefined },
    failure: FAILED_TO_GET_ACTIVITY_LOGS,
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <DateTimeRangeField
          aria-label="Date range"
          value={range}
          onChange={(next) => {
            setRange(next);
            setPage(1);
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
        <DataTable<Log>
          label="Activity Logs"
          rowKey="id"
          dataSource={query.rows}
          loading={query.isFetching}
          empty="No Activity Logs found"
          expandable={{ expandedRowRender: (log) => <LogDetails logId={log.id} /> }}
          pagination={{
            current: page,
            pageSize: ACTIVITY_LOGS_TOP,
            total: query.count ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            { key: 'date', title: 'Date', width: 170, render: (_, l) => formatDateTime(l.activityDate) },
            {
              key: 'user',
              title: 'User',
              render: (_, l) => [l.firstName, l.lastName].filter(Boolean).join(' '),
            },
            { key: 'activity', title: 'Activity', dataIndex: 'activity' },
            { key: 'type', title: 'Type', dataIndex: 'activityType', width: 160 },
            {
              key: 'record',
              title: 'Record',
              render: (_, l) => (l.recordType ? `${l.recordType} ${l.recordId ?? ''}` : ''),
            },
            {
              key: 'session',
              title: 'Session',
              width: 100,
              render: (_, l) =>
                l.sessionId ? (
                  <Button
                    type="link"
                    size="small"
                    aria-label={`Show session ${l.sessionId}`}
                    onClick={() => {
                      setSessionId(l.sessionId ?? null);
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
    <ScreenFrame title="Activity Logs">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'logs', label: 'Activity Logs', children: <LogList /> },
          { key: 'param', label: 'By Parameter', children: <ParamSearch /> },
        ]}
      />
    </ScreenFrame>
  );
}
