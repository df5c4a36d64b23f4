import { useQuery } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../api/http';
import { invoiceKeys } from './query-keys';
import { mockFetch, queryWrapper } from './test-utils';
import { useRefreshingMutation, useWrite } from './use-write';

const notices = vi.hoisted(() => ({ progress: [] as unknown[], shown: [] as unknown[] }));
vi.mock('../api/notices', () => ({
  withProgress: async (promise: Promise<unknown>, successText?: string) => {
    notices.progress.push(successText ?? 'Success');
    try {
      return await promise;
    } catch (error) {
      notices.shown.push(error);
      throw error;
    }
  },
  toastError: vi.fn(),
}));

beforeEach(() => {
  notices.progress.length = 0;
  notices.shown.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The invoice detail and one of its lists, as the detail screen reads them. */
function useDetailAndNotes(id: number) {
  const detail = useQuery({
    queryKey: invoiceKeys.detail(id),
    queryFn: () => http.get<{ id: number; soldTo: string }>(`Invoices/${id}`),
  });
  const notes = useQuery({
    queryKey: invoiceKeys.notes(id),
    queryFn: () => http.get<unknown[]>('InvoiceNotes', { query: { InvoiceId: id } }),
  });
  return { detail, notes, write: useWrite([invoiceKeys.detail(id)]) };
}

describe('useWrite', () => {
  it('refreshes the declared key and what is read under it after the write, and resolves true', async () => {
    let soldTo = 'Before';
    const { requests } = mockFetch((url) => ({
      body: url.pathname === '/api/InvoiceNotes' ? [] : { id: 7, soldTo },
    }));
    const { wrapper, client } = queryWrapper();
    const { result } = renderHook(() => useDetailAndNotes(7), { wrapper });
    await waitFor(() => expect(result.current.detail.data?.soldTo).toBe('Before'));
    await waitFor(() => expect(result.current.notes.isSuccess).toBe(true));
    const before = requests.length;

    let ok: boolean | undefined;
    let cachedWhenResolved: unknown;
    await act(async () => {
      ok = await result.current.write(async () => {
        soldTo = 'After';
        return { id: 7, soldTo, repairs: [] };
      }, 'Saved');
      cachedWhenResolved = client.getQueryData(invoiceKeys.detail(7));
    });
    expect(ok).toBe(true);
    // Resolved only once the detail was read again (nothing written into the cache by hand).
    expect(cachedWhenResolved).toEqual({ id: 7, soldTo: 'After' });
    expect(notices.progress).toEqual(['Saved']);
    // The detail and its notes were asked again: the screen shows the server's state.
    const again = requests.slice(before).map((url) => url.pathname);
    expect(again).toEqual(expect.arrayContaining(['/api/Invoices/7', '/api/InvoiceNotes']));
    await waitFor(() => expect(result.current.detail.data?.soldTo).toBe('After'));
  });

  it('resolves false and refreshes nothing when the write fails (the failure was shown)', async () => {
    const { requests } = mockFetch({ body: { id: 7, soldTo: 'Same' } });
    const { wrapper } = queryWrapper();
    const { result } = renderHook(() => useDetailAndNotes(7), { wrapper });
    await waitFor(() => expect(result.current.detail.isSuccess).toBe(true));
    await waitFor(() => expect(result.current.notes.isSuccess).toBe(true));
    const before = requests.length;
    let ok: boolean | undefined;
    await act(async () => {
      ok = await result.current.write(() => Promise.reject(new Error('409')));
    });
    expect(ok).toBe(false);
    expect(notices.shown).toHaveLength(1);
    expect(requests.length).toBe(before);
  });
});

describe('useRefreshingMutation', () => {
  it('refreshes the keys its answer names (every invoice list and each finalized invoice)', async () => {
    mockFetch({ body: { id: 1 } });
    const { wrapper, client } = queryWrapper();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const { result } = renderHook(
      () =>
        useRefreshingMutation({
          mutationFn: async (ids: number[]) => ({ finalized: ids.slice(0, 1) }),
          refresh: (outcome) => [invoiceKeys.lists, ...outcome.finalized.map(invoiceKeys.detail)],
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync([4, 5]));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['invoices'],
      ['invoice', 4],
    ]);
    expect(notices.progress).toEqual(['Success']);
  });
});
