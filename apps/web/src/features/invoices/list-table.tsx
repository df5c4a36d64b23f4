import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';
import { ScrollBox } from '../../shell/scroll-box';
import { useNarrow } from '../../shell/use-narrow';
import type { InvoiceListRow } from './list-api';
import type { InvoiceColumn } from './list-columns';
import '../service-vehicles/service-vehicles.css';
import './invoices-list.css';

/** A list entry: an invoice row, or a group heading (the clearing houses of /finalizing). */
export type ListItem = { key: string; row: InvoiceListRow } | { key: string; heading: ReactNode };

const rowItem = (item: ListItem): InvoiceListRow | undefined => ('row' in item ? item.row : undefined);

/** A narrow-screen card: the first column as its title, the others as "label value" lines when set. */
function InvoiceCard({ row, columns }: { row: InvoiceListRow; columns: InvoiceColumn[] }) {
  const [first, ...rest] = columns;
  return (
    <article className="sv-row inv-card" aria-label={`Invoice ${row.id}`}>
      <div className="sv-row-head">{first.render(row)}</div>
      <div className="sv-row-grid">
        {rest.map((column) => {
          const value = column.render(row);
          if (value === null || value === undefined || value === '') return null;
          return (
            <div key={column.key} className="sv-field">
              <span className="sv-field-label">{column.title}</span> {value}
            </div>
          );
        })}
      </div>
    </article>
  );
}

/**
 * The invoice rows, virtualized (only the rows in view are in the page): a table with every column on
 * wide screens, cards on narrow ones (375 px). The scroll box is focusable so the keyboard can scroll it.
 */
export function InvoiceTable({
  label,
  items,
  columns,
  rowCount,
}: {
  label: string;
  items: ListItem[];
  columns: InvoiceColumn[];
  /** All rows the server has for this list (aria-rowcount), when known. */
  rowCount?: number;
}) {
  const narrow = useNarrow();
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => ('heading' in items[index] ? 44 : narrow ? 220 : 40),
    getItemKey: (index) => items[index].key,
    overscan: 8,
  });
  const template = columns.map((column) => `${column.width}px`).join(' ');
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  const rowsBefore = (index: number) => items.slice(0, index).filter(rowItem).length;

  const virtualItems = virtualizer.getVirtualItems();
  const common = (index: number, start: number) => ({
    'data-index': index,
    ref: virtualizer.measureElement,
    className: 'inv-virtual',
    style: { transform: `translateY(${start}px)` },
  });
  const heading = (item: ListItem) => ('heading' in item ? item.heading : null);

  return (
    <ScrollBox ref={scrollRef} className="inv-scroll" label={label}>
      {narrow ? (
        <ul className="inv-body inv-cards" style={{ height: virtualizer.getTotalSize() }}>
          {virtualItems.map(({ key, index, start }) => {
            const row = rowItem(items[index]);
            return (
              <li key={key} {...common(index, start)}>
                {row ? (
                  <InvoiceCard row={row} columns={columns} />
                ) : (
                  <div className="inv-group">{heading(items[index])}</div>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <table aria-rowcount={(rowCount ?? items.filter(rowItem).length) + 1} style={{ width }}>
          <thead className="inv-head">
            <tr aria-rowindex={1} className="inv-row" style={{ gridTemplateColumns: template }}>
              {columns.map((column) => (
                <th key={column.key} scope="col" className="inv-cell">
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="inv-body" style={{ height: virtualizer.getTotalSize() }}>
            {virtualItems.map(({ key, index, start }) => {
              const row = rowItem(items[index]);
              const props = common(index, start);
              if (!row)
                return (
                  <tr key={key} {...props}>
                    <th scope="colgroup" colSpan={columns.length} className="inv-group">
                      {heading(items[index])}
                    </th>
                  </tr>
                );
              return (
                <tr
                  key={key}
                  {...props}
                  aria-rowindex={rowsBefore(index) + 2}
                  className="inv-virtual inv-row"
                  style={{ ...props.style, gridTemplateColumns: template }}
                  data-testid="invoice-row"
                >
                  {columns.map((column) => (
                    <td key={column.key} className="inv-cell">
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
