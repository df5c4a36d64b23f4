import { Button, Pagination, Table, type TableColumnType, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type Key, type ReactNode, useState } from 'react';
import { useNarrow } from './use-narrow';
import { EmptyState } from './empty-state';
import './ui.css';

/** A column of a DataTable: antd's column with a plain key (no column groups). */
export type DataColumn<Row> = TableColumnType<Row> & { key: string };

export interface DataTableProps<Row extends object>
  extends Omit<TableProps<Row>, 'columns' | 'locale' | 'scroll' | 'tableLayout' | 'size' | 'rowKey'> {
  /** The table's accessible name (and each card list's). */
  label: string;
  columns: DataColumn<Row>[];
  rowKey: keyof Row & string;
  /** The text of the one empty state ('No Employees found'). */
  empty: ReactNode;
  /** A card's accessible name on a phone; default: the first column's text. */
  cardLabel?: (row: Row) => string;
}

const blank = (value: ReactNode) => value === null || value === undefined || value === '' || value === false;

function cellOf<Row extends object>(column: DataColumn<Row>, row: Row, index: number): ReactNode {
  const path = column.dataIndex;
  const value =
    path === undefined
      ? undefined
      : (Array.isArray(path) ? path : [path]).reduce<unknown>(
          (at, part) => (at as Record<string, unknown> | null | undefined)?.[part as string],
          row,
        );
  if (column.render) return column.render(value, row, index) as ReactNode;
  return value as ReactNode;
}

function RowCard<Row extends object>({
  row,
  index,
  columns,
  label,
  details,
}: {
  row: Row;
  index: number;
  columns: DataColumn<Row>[];
  label?: string;
  details?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [first, ...rest] = columns;
  const head = cellOf(first, row, index);
  return (
    <li>
      <article className="gs-card" aria-label={label ?? (typeof head === 'string' ? head : undefined)}>
        <div className="gs-card-head">{head}</div>
        <dl className="gs-card-grid">
          {rest.map((column) => {
            const value = cellOf(column, row, index);
            if (blank(value)) return null;
            return (
              <div key={column.key} className="gs-card-field">
                <dt>{column.title as ReactNode}</dt>
                <dd>{value}</dd>
              </div>
            );
          })}
        </dl>
        {details !== undefined ? (
          <>
            <Button type="link" size="small" aria-expanded={open} onClick={() => setOpen(!open)}>
              {open ? 'Hide details' : 'Details'}
            </Button>
            {open ? details : null}
          </>
        ) : null}
      </article>
    </li>
  );
}

/**
 * The one table of the small lists (admin lists, employees, facilities, activity logs, outbox): antd's
 * Table with a fixed layout, so it fits the screen and long texts end in an ellipsis (whole on hover)
 * instead of pushing the last column (Edit) out of view; the one empty state; under 900 px each row is a
 * card (first column as its title, the others as label and value) with the same paging. Long lists that
 * scroll use VirtualTable instead.
 */
export function DataTable<Row extends object>({
  label,
  columns,
  empty,
  cardLabel,
  dataSource,
  pagination,
  onChange,
  expandable,
  rowKey,
  loading,
  ...rest
}: DataTableProps<Row>) {
  const narrow = useNarrow();
  const [localPage, setLocalPage] = useState({ current: 1, pageSize: 20 });
  const rows = dataSource ?? [];

  if (!narrow) {
    return (
      <Table<Row>
        aria-label={label}
        size="small"
        tableLayout="fixed"
        rowKey={rowKey}
        columns={columns.map((column) => ({ ellipsis: true, ...column }))}
        dataSource={rows}
        loading={loading}
        pagination={pagination}
        onChange={onChange}
        expandable={expandable}
        locale={{ emptyText: <EmptyState>{empty}</EmptyState> }}
        {...rest}
      />
    );
  }

  // Cards: the table's own paging (server-side when `current` is given, else in the browser).
  const paged = pagination !== false;
  const config = pagination || {};
  const serverPaged = paged && config.current !== undefined;
  const current = serverPaged ? (config.current ?? 1) : localPage.current;
  const pageSize = config.pageSize ?? (serverPaged ? 20 : localPage.pageSize);
  const shown = !paged || serverPaged ? rows : rows.slice((current - 1) * pageSize, current * pageSize);
  const sorted = columns.find((column) => column.sortOrder);
  const sorter: SorterResult<Row> = sorted
    ? { columnKey: sorted.key, order: sorted.sortOrder, column: sorted }
    : {};
  const onPage = (page: number, size: number) => {
    if (!serverPaged) setLocalPage({ current: size !== pageSize ? 1 : page, pageSize: size });
    config.onChange?.(page, size);
    onChange?.({ current: page, pageSize: size }, {}, sorter, {
      action: 'paginate',
      currentDataSource: [...rows],
    });
  };
  const keyOf = (row: Row): Key => row[rowKey] as Key;

  return (
    <section aria-label={label} aria-busy={!!loading} className="gs-data-cards">
      {shown.length ? (
        <ul className="gs-cards gs-card-list">
          {shown.map((row, index) => (
            <RowCard
              key={keyOf(row)}
              row={row}
              index={index}
              columns={columns}
              label={cardLabel?.(row)}
              details={expandable?.expandedRowRender?.(row, index, 0, true)}
            />
          ))}
        </ul>
      ) : (
        <EmptyState>{empty}</EmptyState>
      )}
      {paged && (config.total ?? rows.length) > pageSize ? (
        <Pagination
          size="small"
          align="center"
          current={current}
          pageSize={pageSize}
          total={config.total ?? rows.length}
          showSizeChanger={config.showSizeChanger}
          pageSizeOptions={config.pageSizeOptions}
          onChange={onPage}
        />
      ) : null}
    </section>
  );
}
