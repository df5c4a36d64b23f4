import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';
import { ScrollBox } from './scroll-box';
import { useNarrow } from './use-narrow';
import { EmptyState } from './empty-state';
import './ui.css';

export interface TableColumn<Row> {
  key: string;
  title: string;
  /**
   * Least width in px; spare width is shared in proportion to it. The columns of one table add up to
   * what fits a 1280 px screen (about 1,150 px beside the lateral menu) unless the table is meant to scroll.
   */
  width: number;
  align?: 'left' | 'right';
  render: (row: Row) => ReactNode;
}

/** A table entry: a row, or a group heading spanning the columns (the clearing houses of /finalizing). */
export type TableItem<Row> = { key: string; row: Row } | { key: string; heading: ReactNode };

/** Every row is this tall on a wide screen: one or two lines per cell (CellLines), never more. */
export const ROW_HEIGHT = 52;
const HEADING_HEIGHT = 40;

const rowOf = <Row,>(item: TableItem<Row>): Row | undefined => ('row' in item ? item.row : undefined);
const blank = (value: ReactNode) => value === null || value === undefined || value === '' || value === false;

/** A cell's content as up to two lines, each cut with an ellipsis (the whole text on hover). */
export function CellLines({ primary, secondary }: { primary: ReactNode; secondary?: ReactNode }) {
  const title = (value: ReactNode) => (typeof value === 'string' ? value : undefined);
  return (
    <>
      <span className="gs-cell-line" title={title(primary)}>
        {primary}
      </span>
      {blank(secondary) ? null : (
        <span className="gs-cell-line gs-cell-secondary" title={title(secondary)}>
          {secondary}
        </span>
      )}
    </>
  );
}

/** A narrow-screen card: the first column as its title, the others as "label value" lines when set. */
function RowCard<Row>({
  row,
  columns,
  label,
  className,
}: {
  row: Row;
  columns: TableColumn<Row>[];
  label: string;
  className?: string;
}) {
  const [first, ...rest] = columns;
  return (
    <article className={`gs-card ${className ?? ''}`} aria-label={label}>
      <div className="gs-card-head">{first.render(row)}</div>
      <dl className="gs-card-grid">
        {rest.map((column) => {
          const value = column.render(row);
          if (blank(value)) return null;
          return (
            <div key={column.key} className="gs-card-field">
              <dt>{column.title}</dt>
              <dd>{value}</dd>
            </div>
          );
        })}
      </dl>
    </article>
  );
}

/**
 * A long list as a table, virtualized (only the rows in view are in the page): fixed column widths and
 * row heights on a wide screen, cards under 900 px. The scroll box is focusable so the keyboard can
 * scroll it. An empty list shows the one empty state.
 */
export function VirtualTable<Row>({
  label,
  items,
  columns,
  rowCount,
  rowLabel,
  empty = 'No data',
  testId = 'table-row',
  cardClassName,
}: {
  label: string;
  items: TableItem<Row>[];
  columns: TableColumn<Row>[];
  /** All rows the server has for this list (aria-rowcount), when known. */
  rowCount?: number;
  /** The accessible name of a row's card ('Invoice 3001'). */
  rowLabel: (row: Row) => string;
  empty?: ReactNode;
  testId?: string;
  /** A class on each card (tests find the cards by it). */
  cardClassName?: string;
}) {
  const narrow = useNarrow();
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => ('heading' in items[index] ? HEADING_HEIGHT : narrow ? 220 : ROW_HEIGHT),
    getItemKey: (index) => items[index].key,
    overscan: 8,
  });
  if (!items.length)
    return (
      <div className="gs-table-frame">
        <EmptyState>{empty}</EmptyState>
      </div>
    );

  const template = columns.map((column) => `minmax(${column.width}px, ${column.width}fr)`).join(' ');
  const minWidth = columns.reduce((sum, column) => sum + column.width, 0);
  const rowsBefore = (index: number) => items.slice(0, index).filter(rowOf).length;
  const virtualItems = virtualizer.getVirtualItems();
  const place = (start: number) => ({ transform: `translateY(${start}px)` });
  const heading = (item: TableItem<Row>) => ('heading' in item ? item.heading : null);

  return (
    <ScrollBox ref={scrollRef} className="gs-table-frame gs-table-scroll" label={label}>
      {narrow ? (
        <ul className="gs-table-body gs-cards" style={{ height: virtualizer.getTotalSize() }}>
          {virtualItems.map(({ key, index, start }) => {
            const row = rowOf(items[index]);
            return (
              <li
                key={key}
                data-index={index}
                ref={virtualizer.measureElement}
                className="gs-virtual"
                style={place(start)}
              >
                {row ? (
                  <RowCard row={row} columns={columns} label={rowLabel(row)} className={cardClassName} />
                ) : (
                  <div className="gs-table-group">{heading(items[index])}</div>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <table aria-rowcount={(rowCount ?? items.filter(rowOf).length) + 1} style={{ minWidth }}>
          <thead className="gs-table-head">
            <tr aria-rowindex={1} className="gs-table-row" style={{ gridTemplateColumns: template }}>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className="gs-table-cell"
                  style={column.align === 'right' ? { textAlign: 'right' } : undefined}
                >
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="gs-table-body" style={{ height: virtualizer.getTotalSize() }}>
            {virtualItems.map(({ key, index, start }) => {
              const row = rowOf(items[index]);
              if (!row)
                return (
                  <tr key={key} className="gs-virtual" style={{ ...place(start), height: HEADING_HEIGHT }}>
                    <th scope="colgroup" colSpan={columns.length} className="gs-table-group">
                      {heading(items[index])}
                    </th>
                  </tr>
                );
              return (
                <tr
                  key={key}
                  aria-rowindex={rowsBefore(index) + 2}
                  className="gs-virtual gs-table-row"
                  style={{ ...place(start), gridTemplateColumns: template, height: ROW_HEIGHT }}
                  data-testid={testId}
                >
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className="gs-table-cell"
                      style={column.align === 'right' ? { textAlign: 'right' } : undefined}
                    >
                      {column.render(row)}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </ScrollBox>
  );
}
