import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PlannedStop, useRouteOrder } from './route-plan';
import { RouteStopList } from './route-stop-list';
import { stubLayout } from './test-stubs';

beforeEach(() => {
  stubLayout();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const shop = { latitude: 29.960712, longitude: -95.546631 };
const stop = (id: number, at: string, latitude: number, statusId = 1): PlannedStop => ({
  appointmentId: id,
  invoiceId: 500 + id,
  statusId,
  statusName: statusId === 3 ? 'Completed' : 'Scheduled',
  appointmentDateTime: at,
  timeAllowed: 15,
  latitude,
  longitude: shop.longitude,
  customerName: `Customer ${id}`,
  address: `${id} Route Rd`,
  city: 'Houston',
});
// Booked far (09:00), near (09:30), middle (10:00); a completed visit stays where it is, without an ETA.
const day = [
  stop(1, '2031-05-06T14:00:00Z', 30.17),
  stop(2, '2031-05-06T14:30:00Z', 29.97),
  stop(3, '2031-05-06T15:00:00Z', 30.07),
  stop(4, '2031-05-06T13:00:00Z', 29.99, 3),
];

describe('route order (shared by the installer day and the office route view)', () => {
  it('suggests the shortest order that keeps the times, with the distance saved and ETAs', () => {
    const { result } = renderHook(() => useRouteOrder(day, shop));
    expect(result.current.order).toEqual([1, 2, 3, 4]);
    expect(result.current.changed).toBe(false);
    expect(result.current.etaOf.has(4)).toBe(false);
    expect(result.current.canSuggest).toBe(true);
    act(() => result.current.suggest());
    expect(result.current.order).toEqual([2, 3, 1, 4]);
    expect(result.current.savedKm).toBeGreaterThan(30);
    expect(result.current.changed).toBe(true);
    expect(result.current.plan?.lateMinutes).toBe(0);
    expect([...result.current.etaOf.keys()]).toEqual([2, 3, 1]);
    // A manual move drops the "saved" notice.
    act(() => result.current.move(0, 1));
    expect(result.current.order).toEqual([3, 2, 1, 4]);
    expect(result.current.savedKm).toBeNull();
    act(() => result.current.moveTo(3, 0));
    expect(result.current.order).toEqual([4, 3, 2, 1]);
  });

  it('without a start it leaves from the first stop; one stop cannot be reordered', () => {
    const { result } = renderHook(() => useRouteOrder([day[0]], null));
    expect(result.current.origin).toEqual({ latitude: 30.17, longitude: shop.longitude });
    expect(result.current.canSuggest).toBe(false);
  });

  it('the list moves a stop with its buttons and announces the move', () => {
    const moves: [number, number][] = [];
    render(<RouteStopList stops={day} etaOf={new Map()} onMoveTo={(f, t) => moves.push([f, t])} />);
    expect((screen.getByRole('button', { name: 'Move invoice 501 up' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move invoice 501 down' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move invoice 503 up' }));
    expect(moves).toEqual([
      [0, 1],
      [2, 1],
    ]);
    expect(screen.getByRole('status').textContent).toBe('Stop invoice 503 moved to position 2 of 4.');
  });
});
