import { can } from '@glass/domain/roles';
import type { ResourceDef } from '@glass/domain/resources/define';
import { DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Space, type TableProps } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { showError } from '../api/notices';
import { useSessionState } from '../api/use-session';
import { type DataColumn, DataTable } from '../ui/data-table';
import { ListSkeleton } from '../ui/list-skeleton';
import { renderCell } from './cells';
import { ListFilters } from './list-filters';
import {
  exportCsv,
  initialListState,
  type ListState,
  type Row,
  useResourceList,
  valueAt,
} from './list-query';
import { ResourceFormDrawer } from './resource-form';

/**
 * The list of one declared resource: filters and search box, an antd table paged and sorted by
 * the server, an 8-row skeleton while loading, an empty state, CSV export of the filtered list,
 * and create/edit buttons only for roles that may write.
 */
export function ResourceList({ def }: { def: ResourceDef }) {
  const { user } = useSessionState();
  const canWrite = !!def.write && !!user && can(user.userRole, def.write);
  const [state, setState] = useState<ListState>(() => initialListState(def));
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const [exporting, setExporting] = useState(false);
  const { rows, count, hasData, isPending, isError, error, isFetching, refetch } = useResourceList(
    def,
    state,
  );

  const onSearch = useCallback((search: string) => setState((s) => ({ ...s, search, page: 1 })), []);

  const columns = useMemo<DataColumn<Row>[]>(() => {
    const cols: DataColumn<Row>[] = def.columns.map((c) => {
      const prop = def.properties[c.key];
      return {
        key: c.key,
        title: c.title,
        width: c.width,
        ellipsis: true,
        sorter: (c.sortable ?? !prop.ref) ? true : undefined,
        sortOrder:
          state.order?.key === c.key ? (state.order.dir === 'asc' ? 'ascend' : 'descend') : undefined,
        render: (_: unknown, row: Row) => renderCell(valueAt(row, c.key), c),
      };
    });
    if (canWrite) {
      cols.push({
        key: 'actions',
        title: 'Actions',
        width: 90,
        ellipsis: false,
        render: (_: unknown, row: Row) => (
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={`Edit ${def.singular} ${String(row.name ?? row.id)}`}
            onClick={() => setEditing(row)}
          >
            Edit
          </Button>
        ),
      });
    }
    return cols;
  }, [def, canWrite, state.order]);

  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const order = s?.order
      ? ({ key: String(s.columnKey), dir: s.order === 'ascend' ? 'asc' : 'desc' } as const)
      : undefined;
    setState((prev) => ({
      ...prev,
      order,
      page: order?.key !== prev.order?.key || order?.dir !== prev.order?.dir ? 1 : (pagination.current ?? 1),
      pageSize: pagination.pageSize ?? prev.pageSize,
    }));
  };

  const doExport = async () => {
    setExporting(true);
    try {
      await exportCsv(def, state);
    } catch (e) {
      showError(e, def.failedToGet);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <ListFilters
          def={def}
          filters={state.filters}
          search={state.search}
          onFilters={(filters) => setState((s) => ({ ...s, filters, page: 1 }))}
          onSearch={onSearch}
        />
        <Space>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={doExport} disabled={!rows.length}>
            Export CSV
          </Button>
          {canWrite ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {`New ${def.singular}`}
            </Button>
          ) : null}
        </Space>
      </Space>
      {isPending ? (
        <ListSkeleton label={`Loading ${def.title}`} />
      ) : isError && !hasData ? (
        <Empty description={`${def.failedToGet}${error instanceof Error ? `: ${error.message}` : ''}`}>
          <Button onClick={() => refetch()}>Try Again</Button>
        </Empty>
      ) : (
        <DataTable<Row>
          label={def.title}
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={isFetching && !isPending}
          onChange={onChange}
          empty={`No ${def.title} found`}
          cardLabel={(row) => `${def.singular} ${String(row.name ?? row.id)}`}
          pagination={{
            current: state.page,
            pageSize: state.pageSize,
            total: count ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            showTotal: (total) => `${total} ${def.title}`,
          }}
        />
      )}
      {editing !== undefined ? (
        <ResourceFormDrawer def={def} record={editing} onClose={() => setEditing(undefined)} />
      ) : null}
    </Space>
  );
}
