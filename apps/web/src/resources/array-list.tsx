import { DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnDef } from '@glass/domain/resources/define';
import { csvFileName, toCsv } from '@glass/domain/rules/csv';
import { resourceKeys } from '../query/query-keys';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useFailureToast } from '../query/use-failure-toast';
import { type DataColumn, DataTable } from '../ui/data-table';
import { ListSkeleton } from '../ui/list-skeleton';
import { SearchSelect } from '../ui/search-select';
import { cellText, renderCell } from './cells';
import { type Row, valueAt } from './list-query';

const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

export interface ArrayListProps {
  title: string;
  singular: string;
  queryKey: readonly unknown[];
  /** The server list, filtered by IsActive and SearchTerm (spec: facilities, users). */
  load: (q: { isActive?: boolean; searchTerm?: string }) => Promise<Row[]>;
  columns: readonly ColumnDef[];
  failedToGet: string;
  canWrite: boolean;
  onNew: () => void;
  onEdit: (row: Row) => void;
  rowLabel: (row: Row) => string;
}

/**
 * The list screens whose server route answers a plain array (GET /api/facilities, /api/users):
 * the same controls as the declared lists (active filter, search box, 8-row skeleton, empty state,
 * CSV of the filtered rows, edit buttons only for writers), sorted and paged in the browser.
 */
export function ArrayList(p: ArrayListProps) {
  const [active, setActive] = useState<string | undefined>('true');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);

  const { data, isPending, isError, isFetching, refetch } = useQuery({
    queryKey: resourceKeys.array(p.queryKey, active, search),
    placeholderData: keepPreviousData,
    queryFn: () =>
      p.load({
        isActive: active === undefined ? undefined : active === 'true',
        searchTerm: search || undefined,
      }),
  });
  useFailureToast(isError, p.failedToGet);

  const columns = useMemo<DataColumn<Row>[]>(() => {
    const cols: DataColumn<Row>[] = p.columns.map((c) => ({
      key: c.key,
      title: c.title,
      width: c.width,
      ellipsis: true,
      sorter:
        c.sortable === false
          ? undefined
          : (a: Row, b: Row) =>
              String(cellText(valueAt(a, c.key), c.format, c)).localeCompare(
                String(cellText(valueAt(b, c.key), c.format, c)),
                undefined,
                { numeric: true },
              ),
      render: (_: unknown, row: Row) => renderCell(valueAt(row, c.key), c),
    }));
    if (p.canWrite) {
      cols.push({
        key: 'actions',
        title: 'Actions',
        width: 90,
        ellipsis: false,
        render: (_: unknown, row: Row) => (
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={`Edit ${p.singular} ${p.rowLabel(row)}`}
            onClick={() => p.onEdit(row)}
          >
            Edit
          </Button>
        ),
      });
    }
    return cols;
  }, [p]);

  const exportCsv = () => {
    const csv = toCsv(
      p.columns.map((c) => c.title),
      (data ?? []).map((row) => p.columns.map((c) => cellText(valueAt(row, c.key), c.format, c))),
    );
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: csvFileName(p.title) });
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            aria-label={`Search ${p.title}`}
            placeholder="Search"
            allowClear
            value={text}
            onChange={(e) => setText(e.target.value)}
            style={{ width: 240 }}
          />
          <SearchSelect<string>
            aria-label="Active"
            placeholder="All"
            prefix="Active:"
            allowClear
            options={ACTIVE_OPTIONS}
            value={active}
            onChange={setActive}
            minWidth={140}
          />
        </Space>
        <Space>
          <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={!data?.length}>
            Export CSV
          </Button>
          {p.canWrite ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={p.onNew}>
              {`New ${p.singular}`}
            </Button>
          ) : null}
        </Space>
      </Space>
      {isPending ? (
        <ListSkeleton label={`Loading ${p.title}`} />
      ) : isError && !data ? (
        <Empty description={p.failedToGet}>
          <Button onClick={() => refetch()}>Try Again</Button>
        </Empty>
      ) : (
        <DataTable<Row>
          label={p.title}
          rowKey="id"
          columns={columns}
          dataSource={data ?? []}
          loading={isFetching && !isPending}
          empty={`No ${p.title} found`}
          cardLabel={p.rowLabel}
          pagination={{
            defaultPageSize: 20,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            showTotal: (t) => `${t} ${p.title}`,
          }}
        />
      )}
    </Space>
  );
}
