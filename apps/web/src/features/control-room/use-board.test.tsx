import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, queryWrapper } from '../../query/test-utils';
import { prefetchBoard, useControlRoomBoard } from './use-board';

// No socket in jsdom: the board's events are simply never heard, as for a facility the wall has left.
vi.mock('../messaging', () => ({
  emitRealtime: () => false,
  onRealtimeEvent: () => () => {},
  onRealtimeConnect: () => () => {},
}));

/** A server whose boards change: each facility's name carries its current version. */
function boards() {
  const version: Record<number, number> = { 1: 1, 2: 1 };
  const fetched = mockFetch((url) => {
    const id = Number(url.searchParams.get('facilityId'));
    return {
      body: {
        facility: { id, name: `F${id} v${version[id]}` },
        facilities: [
          { id: 1, name: 'F1' },
          { id: 2, name: 'F2' },
        ],
      },
    };
  });
  const boardReads = (id: number) =>
    fetched.requests.filter((u) => u.searchParams.get('facilityId') === String(id)).length;
  return { version, boardReads };
}

const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useControlRoomBoard', () => {
  it('reads a facility again when it comes back to it within the cache time, never showing the old board', async () => {
    const server = boards();
    const { wrapper } = queryWrapper();
    const { result, rerender } = renderHook(({ id }) => useControlRoomBoard(id), {
      wrapper,
      initialProps: { id: 1 },
    });
    await waitFor(() => expect(result.current.data?.facility.name).toBe('F1 v1'));
    rerender({ id: 2 });
    await waitFor(() => expect(result.current.data?.facility.name).toBe('F2 v1'));
    await tick();
    // Facility 1 changes while the board shows facility 2 (its events are not heard then).
    server.version[1] = 2;
    rerender({ id: 1 });
    expect(result.current.data?.facility.name).not.toBe('F1 v1');
    await waitFor(() => expect(result.current.data?.facility.name).toBe('F1 v2'));
    expect(server.boardReads(1)).toBe(2);
  });

  it('shows a board the wall has just read at once, fresh, without reading it again', async () => {
    const server = boards();
    const { client, wrapper } = queryWrapper();
    const { result, rerender } = renderHook(({ id }) => useControlRoomBoard(id), {
      wrapper,
      initialProps: { id: 1 },
    });
    await waitFor(() => expect(result.current.data?.facility.name).toBe('F1 v1'));
    // The wall's round trip: 1 → 2 → 1, each board read just before it is shown.
    await act(() => prefetchBoard(client, 2));
    rerender({ id: 2 });
    expect(result.current.data?.facility.name).toBe('F2 v1');
    await tick();
    server.version[1] = 2;
    await act(() => prefetchBoard(client, 1));
    rerender({ id: 1 });
    expect(result.current.data?.facility.name).toBe('F1 v2');
    expect(result.current.isFetching).toBe(false);
    await tick();
    expect(server.boardReads(1)).toBe(2);
    expect(server.boardReads(2)).toBe(1);
  });
});
