import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { ScrollBox } from '../../ui/scroll-box';
import { useNarrow } from '../../ui/use-narrow';
import { EmptyState } from '../../ui/empty-state';
import type { SvListRow } from './sv-api';
import { SvRowCard } from './sv-row';

/**
 * Service vehicle cards, virtualized: only the cards in view (and a few around them) are in the page,
 * measured as they render, so a page of 100 stays light on a phone. The scroll box takes the keyboard.
 */
export function SvVirtualList({
  label,
  rows,
  empty = 'No service vehicles',
}: {
  label: string;
  rows: SvListRow[];
  empty?: string;
}) {
  const narrow = useNarrow();
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (narrow ? 330 : 150),
    getItemKey: (index) => rows[index].id,
    overscan: 4,
  });
  if (!rows.length)
    return (
      <div className="gs-table-frame">
        <EmptyState>{empty}</EmptyState>
      </div>
    );
  return (
    <ScrollBox ref={scrollRef} className="sv-scroll" label={label}>
      <ul className="sv-virtual-body" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map(({ key, index, start }) => (
          <li
            key={key}
            data-index={index}
            ref={virtualizer.measureElement}
            className="sv-virtual-item"
            style={{ transform: `translateY(${start}px)` }}
          >
            <SvRowCard row={rows[index]} />
          </li>
        ))}
      </ul>
    </ScrollBox>
  );
}
