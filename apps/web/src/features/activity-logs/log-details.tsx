import { ACTIVITY_LOG_DETAIL_PARAM_ID } from '@glass/domain/constants';
import { FAILED_TO_GET_ACTIVITY_LOGS } from '@glass/domain/messages/admin';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Input, InputNumber, Space, Spin, Table } from 'antd';
import { useEffect, useState } from 'react';
import { http, type ODataPage } from '../../api/http';
import { toastError } from '../../api/notices';

interface Detail {
  id: number;
  paramId: number;
  name: string;
  value: string | null;
  activityLogId?: number;
  activityLog?: { activity?: string; activityDate?: string; userName?: string };
}

/** The name/value pairs of one log (GET ActivityLogDetails by ActivityLogId), shown when a row expands. */
export function LogDetails({ logId }: { logId: number }) {
  const { data, isPending, isError } = useQuery({
    queryKey: ['activityLogDetails', logId],
    queryFn: () =>
      http.get<ODataPage<Detail>>('ActivityLogDetails', { query: { ActivityLogId: logId, $top: 200 } }),
  });
  if (isPending) return <Spin size="small" />;
  if (isError) return <Empty description={FAILED_TO_GET_ACTIVITY_LOGS} />;
  if (!data.value.length) return <Empty description="No details" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Descriptions size="small" column={1} bordered aria-label={`Details of activity log ${logId}`}>
      {data.value.map((d) => (
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
  const query = useQuery({
    queryKey: ['activityLogDetails', 'param', paramId, value],
    enabled: paramId !== null && value.trim() !== '',
    queryFn: () =>
      http.get<ODataPage<Detail>>('ActivityLogDetails', {
        query: { ParamId: paramId, Value: value.trim(), $top: 200 },
      }),
  });
  useEffect(() => {
    if (query.isError) toastError(FAILED_TO_GET_ACTIVITY_LOGS);
  }, [query.isError]);
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
        dataSource={query.data?.value ?? []}
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
