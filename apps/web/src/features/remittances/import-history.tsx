import type { RemittanceImport } from '@glass/domain/contracts/remittances';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { useQuery } from '@tanstack/react-query';
import { type Breakpoint, Button, Tag } from 'antd';
import { remittanceKeys } from '../../query/query-keys';
import { useFailureToast } from '../../query/use-failure-toast';
import { DataTable } from '../../ui/data-table';
import { Money } from '../../ui/money';
import { FAILED_TO_GET_REMITTANCES, remittancesApi, STATE_LABEL } from './remittances-api';

const WIDE: Breakpoint[] = ['md'];
const tone = (s: RemittanceImport['state']) =>
  s === 'completed' ? 'success' : s === 'failed' ? 'error' : 'info';

/** The latest 50 imports: when, who, file, clearing house, state, counts and sums. */
export function ImportHistory({ onOpen }: { onOpen: (id: number) => void }) {
  const list = useQuery({ queryKey: remittanceKeys.history, queryFn: remittancesApi.list });
  useFailureToast(list.isError, FAILED_TO_GET_REMITTANCES);
  return (
    <DataTable<RemittanceImport>
      label="Import history"
      rowKey="id"
      dataSource={list.data ?? []}
      loading={list.isFetching}
      empty="No imports yet"
      cardLabel={(r) => `Import ${r.id}: ${r.fileName}`}
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      columns={[
        { key: 'when', title: 'When', width: 160, render: (_, r) => formatDateTime(r.createdAt) },
        { key: 'who', title: 'Who', render: (_, r) => r.createdBy?.name ?? '', responsive: WIDE },
        { key: 'file', title: 'File', dataIndex: 'fileName' },
        { key: 'house', title: 'Clearing house', dataIndex: 'clearingHouseName', responsive: WIDE },
        {
          key: 'state',
          title: 'State',
          width: 110,
          render: (_, r) => (
            <Tag
              style={{
                color: `var(--gs-color-${tone(r.state)})`,
                background: `var(--gs-color-${tone(r.state)}-bg)`,
                borderColor: `var(--gs-color-${tone(r.state)})`,
              }}
            >
              {STATE_LABEL[r.state]}
            </Tag>
          ),
        },
        { key: 'funded', title: 'Funded', dataIndex: 'fundedCount', width: 80 },
        { key: 'short', title: 'Short-paid', dataIndex: 'shortPaidCount', width: 96, responsive: WIDE },
        { key: 'exceptions', title: 'Exceptions', dataIndex: 'exceptionCount', width: 96 },
        { key: 'duplicates', title: 'Duplicates', dataIndex: 'duplicateCount', width: 96, responsive: WIDE },
        {
          key: 'paid',
          title: 'Paid',
          width: 110,
          responsive: WIDE,
          render: (_, r) => <Money cents={r.totalPaidCents} />,
        },
        {
          key: 'actions',
          title: 'Actions',
          render: (_, r) => (
            <Button size="small" onClick={() => onOpen(r.id)} aria-label={`Open import ${r.id}`}>
              Open
            </Button>
          ),
        },
      ]}
    />
  );
}
