import type { ActivityLogDetailRow } from '@glass/domain/contracts';
import { ACTIVITY_LOG_DETAIL_PARAM_ID } from '@glass/domain/constants';
import { FAILED_TO_GET_ACTIVITY_LOGS } from '@glass/domain/messages/admin';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { Descriptions, Empty, Input, InputNumber, Space, Spin, Table } from 'antd';
import { useState } from 'react';
import { activityLogKeys } from '../../query/query-keys';
import { useODataList } from '../../query/use-odata-list';

/** One page of up to 200 details answers both reads. */
const DETAILS_TOP = 200;

/** A detail row as the contract declares it (packages/domain/src/contracts/activity-logs.ts). */
type Detail = ActivityLogDetailRow;

/** The name/value pairs of one log (GET ActivityLogDetails by ActivityLogId), shown when a row expands. */
export function LogDetails({ logId }: { logId: number }) {
  const { rows, isPending, isError } = useODataList<Detail>({
    key: activityLogKeys.details(logId),
    path: 'ActivityLogDetails',
    top: DETAILS_TOP,
    query: { ActivityLogId: logId },
  });
  if (isPending) return <Spin size="small" />;
  if (isError) return <Empty description={FAILED_TO_GET_ACTIVITY_LOGS} />;
  if (!rows.length) return <Empty description="No details" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Descriptions size="small" column={1} bordered aria-label={`Details of activity log ${logId}`}>
      {rows.map((d) => (
        <Descriptions.Item key={d.id} label={d.name}>
          {d.value ?? ''}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/** Every log that touched one parameter (ParamId, e.g. 443 = invoice id, and its value). */
export function ParamSearch() {
  const [paramId, setParamId] = useState<number | null>(ACTIVITY_LOG_DETAIL_PARAM_ID);
  const [value, setValue] = useState('');
  const query = useODataList<Detail>({
    key: activityLogKeys.byParam(paramId ?? 0, value),
    path: 'ActivityLogDetails',
    top: DETAILS_TOP,
    query: { ParamId: paramId, Value: value.trim() },
    enabled: paramId !== null && value.trim() !== '',
    keepPrevious: false,
    failure: FAILED_TO_GET_ACTIVITY_LOGS,
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <InputNumber
          aria-label="Parameter Id"
          placeholder="Parameter Id"
          min={0}
          value={paramId}
          onChange={setParamId}
        />
        <Input.Search
          aria-label="Parameter value"
          placeholder="Value, e.g. an invoice number"
          allowClear
          onSearch={setValue}
          style={{ width: 260 }}
        />
      </Space>
      <Table<Detail>
        aria-label="Activity logs by parameter"
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={query.rows}
        locale={{ emptyText: <Empty description="No Activity Logs found" /> }}
        columns={[
          { key: 'date', title: 'Date', render: (_, d) => formatDateTime(d.activityLog?.activityDate) },
          { key: 'user', title: 'User', render: (_, d) => d.activityLog?.userName ?? '' },
          { key: 'activity', title: 'Activity', render: (_, d) => d.activityLog?.activity ?? '' },
          { key: 'name', title: 'Parameter', dataIndex: 'name' },
          { key: 'value', title: 'Value', dataIndex: 'value' },
        ]}
      />
    </Space>
  );
}
