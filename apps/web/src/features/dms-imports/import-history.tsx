import type { DmsImport } from '@glass/domain/contracts';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { type Breakpoint, Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { showError } from '../../api/notices';
import { dmsImportKeys } from '../../query/query-keys';
import { useODataList } from '../../query/use-odata-list';
import { DataTable } from '../../ui/data-table';
import { dmsApi, STATUS_LABEL } from './dms-api';

const PAGE = 10;
const WIDE: Breakpoint[] = ['md'];
const tone = (s: DmsImport['status']) =>
  s === 'completed' ? 'success' : s === 'failed' ? 'error' : s === 'cancelled' ? 'warning' : 'info';

/** The import history: who, when, file, facility, counts; failed rows as CSV. */
export function ImportHistory({ onOpen }: { onOpen: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const list = useODataList<DmsImport>({
    key: dmsImportKeys.history,
    path: 'DmsImports',
    top: PAGE,
    page,
    count: true,
    failure: 'Failed to get DMS Imports',
  });
  return (
    <DataTable<DmsImport>
      label="Import history"
      rowKey="id"
      dataSource={list.rows}
      loading={list.isFetching}
      empty="No imports yet"
      cardLabel={(r) => `Import ${r.id}: ${r.fileName}`}
      pagination={{
        current: page,
        pageSize: PAGE,
        total: list.count ?? 0,
        showSizeChanger: false,
        onChange: setPage,
      }}
      columns={[
        { key: 'when', title: 'When', width: 160, render: (_, r) => formatDateTime(r.createdAt) },
        { key: 'who', title: 'Who', render: (_, r) => r.user?.name ?? '', responsive: WIDE },
        { key: 'file', title: 'File', dataIndex: 'fileName' },
        { key: 'facility', title: 'Facility', dataIndex: 'facilityName', responsive: WIDE },
        {
          key: 'status',
          title: 'Status',
          width: 110,
          render: (_, r) => (
            <Tag
              style={{
                color: `var(--gs-color-${tone(r.status)})`,
                background: `var(--gs-color-${tone(r.status)}-bg)`,
                borderColor: `var(--gs-color-${tone(r.status)})`,
              }}
            >
              {STATUS_LABEL[r.status]}
            </Tag>
          ),
        },
        { key: 'created', title: 'Created', dataIndex: 'created', width: 80 },
        { key: 'updated', title: 'Updated', dataIndex: 'updated', width: 80, responsive: WIDE },
        { key: 'unchanged', title: 'Unchanged', dataIndex: 'unchanged', width: 96, responsive: WIDE },
        { key: 'failed', title: 'Failed', dataIndex: 'failed', width: 70 },
        {
          key: 'actions',
          title: 'Actions',
          render: (_, r) => (
            <Space wrap size={4}>
              <Button size="small" onClick={() => onOpen(r.id)} aria-label={`Open import ${r.id}`}>
                Open
              </Button>
              {r.failed > 0 ? (
                <Button
                  size="small"
                  aria-label={`Failed rows of import ${r.id}`}
                  onClick={() => dmsApi.failedRows(r.id).catch(showError)}
                >
                  Failed rows
                </Button>
              ) : null}
            </Space>
          ),
        },
      ]}
    />
  );
}
