import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import type { StopEta } from '@glass/domain/rules/route-order';
import { Alert, Button, List } from 'antd';
import { useRef, useState } from 'react';
import { clockOf, formatKm, type PlannedStop } from './route-plan';
import './route.css';

/**
 * The stops of a route in order, each with its booked time and ETA. Reordered by dragging a row with the mouse
 * (the browser's drag and drop), by dragging its handle with a finger or pen (pointer events: phones and tablets
 * have no HTML drag and drop), or, for the keyboard and screen readers, with the up/down buttons; every move is
 * announced.
 */
export function RouteStopList<S extends PlannedStop>({
  stops,
  etaOf,
  onMoveTo,
  timeZone,
  label = 'Route stops',
}: {
  stops: S[];
  etaOf: Map<number, StopEta>;
  onMoveTo: (from: number, to: number) => void;
  timeZone?: string | null;
  label?: string;
}) {
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const name = (s: S) => `invoice ${s.invoiceId}`;
  const move = (from: number, to: number) => {
    if (to < 0 || to >= stops.length || from === to) return;
    onMoveTo(from, to);
    setSaid(`Stop ${name(stops[from])} moved to position ${to + 1} of ${stops.length}.`);
  };
  const listRef = useRef<HTMLElement>(null);
  /** The row of this list under a finger: its position, or null elsewhere (another installer's list too). */
  const rowAt = (x: number, y: number) => {
    const row = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-stop-index]');
    return row && listRef.current?.contains(row) ? Number(row.dataset.stopIndex) : null;
  };
  /** Touch and pen drag the handle; the mouse keeps the row's own drag and drop. */
  const touchDrag = (i: number) => ({
    onPointerDown: (e: React.PointerEvent<HTMLElement>) => {
      if (e.pointerType === 'mouse') return;
      e.preventDefault();
      e.currentTarget.setPointerCapture?.(e.pointerId);
      setDragFrom(i);
      setOver(i);
    },
    onPointerMove: (e: React.PointerEvent<HTMLElement>) => {
      if (e.pointerType === 'mouse' || dragFrom === null) return;
      const at = rowAt(e.clientX, e.clientY);
      if (at !== null) setOver(at);
    },
    onPointerUp: (e: React.PointerEvent<HTMLElement>) => {
      if (e.pointerType === 'mouse' || dragFrom === null) return;
      const at = rowAt(e.clientX, e.clientY) ?? over;
      if (at !== null) move(dragFrom, at);
      setDragFrom(null);
      setOver(null);
    },
    onPointerCancel: () => {
      setDragFrom(null);
      setOver(null);
    },
  });
  return (
    <section aria-label={label} className="route-stops" ref={listRef}>
      <List
        bordered
        dataSource={stops}
        rowKey={(s) => s.appointmentId}
        renderItem={(s, i) => {
          const eta = etaOf.get(s.appointmentId);
          return (
            <List.Item
              data-testid="route-stop"
              data-stop-index={i}
              className={`route-stop${over === i && dragFrom !== null && dragFrom !== i ? ' route-stop-over' : ''}`}
              draggable
              onDragStart={(e) => {
                setDragFrom(i);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', String(s.appointmentId));
              }}
              onDragOver={(e) => {
                if (dragFrom === null) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                setOver(i);
              }}
              onDragLeave={() => setOver((o) => (o === i ? null : o))}
              onDrop={(e) => {
                e.preventDefault();
                if (dragFrom !== null) move(dragFrom, i);
                setDragFrom(null);
                setOver(null);
              }}
              onDragEnd={() => {
                setDragFrom(null);
                setOver(null);
              }}
              actions={[
                <Button
                  key="up"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={`Move ${name(s)} up`}
                />,
                <Button
                  key="down"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={i === stops.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={`Move ${name(s)} down`}
                />,
              ]}
            >
              <span
                className="route-stop-handle"
                data-testid="route-stop-handle"
                aria-hidden
                {...touchDrag(i)}
              >
                <HolderOutlined />
              </span>
              <span className="route-stop-number" aria-hidden>
                {i + 1}
              </span>
              <List.Item.Meta
                title={
                  <>
                    <span className="route-sr-only">Stop {i + 1}: </span>
                    Invoice {s.invoiceId}
                    {s.customerName ? ` · ${s.customerName}` : ''}
                  </>
                }
                description={
                  <>
                    {[s.address, s.city].filter(Boolean).join(', ') || 'No address'} · {s.statusName} · booked{' '}
                    {clockOf(new Date(s.appointmentDateTime).getTime(), timeZone)}
                    {eta
                      ? ` · ETA ${clockOf(eta.eta, timeZone)}${eta.lateMinutes > 0 ? ` (${Math.round(eta.lateMinutes)} min late)` : ''}`
                      : ''}
                  </>
                }
              />
            </List.Item>
          );
        }}
      />
      <p className="route-sr-only" role="status" aria-live="polite">
        {said}
      </p>
    </section>
  );
}

/** What the last "Suggest an order" did: the kilometres saved, or that the order was already the best. */
export function RouteSuggestionNotice({ savedKm }: { savedKm: number | null }) {
  if (savedKm === null) return null;
  return (
    <Alert
      role="status"
      type={savedKm > 0.05 ? 'success' : 'info'}
      showIcon
      title={
        savedKm > 0.05
          ? `Suggested order saves ${formatKm(savedKm)}`
          : 'The current order is already the shortest that keeps the times'
      }
    />
  );
}
