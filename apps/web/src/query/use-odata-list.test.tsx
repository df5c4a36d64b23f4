import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageQuery, useODataList } from './use-odata-list';
import { mockFetch, paramsOf, queryWrapper } from './test-utils';

const toastError = vi.fn();
vi.mock('../api/notices', () => ({ toastError: (text: unknown) => toastError(text) }));

interface Row {
  id: number;
  name: string;
}

const page = (ids: number[], extra: Record<string, unknown> = {}) => ({
  value: ids.map((id) => ({ id, name: `row ${id}` })),
  ...extra,
});

beforeEach(() => toastError.mockClear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('pageQuery', () => {
  it('sends $top, $skip past the first page, $count when asked, then the screen’s own parameters', () => {
    expect(pageQuery({ top: 25, count: true, page: 1, query: { $select: 'id' } })).toEqual({
      $top: 25,
      $skip: undefined,
      $count: true,
      $select: 'id',
    });
    expect(pageQuery({ top: 25, page: 3 })).toEqual({ $top: 25, $skip: 50, $count: undefined });
  });

  it('Load more sends no $top: in OData it limits the whole list, so next links would stop after it', () => {
    expect(pageQuery({ top: 250, count: true, paging: 'more', query: { $select: 'id' } })).toEqual({
      $top: undefined,
      $skip: undefined,
      $count: true,
      $select: 'id',
    });
  });
});

describe('useODataList (pages)', () => {
  it('asks for one page with the screen’s query and returns its rows and count', async () => {
    const { requests } = mockFetch({ body: page([1, 2], { '@odata.count': 42 }) });
    const { wrapper } = queryWrapper();
    const { result } = renderHook(
      () =>
        useODataList<Row>({
          key: ['things'],
          path: 'Things/outstanding',
          top: 25,
          count: true,
          query: { $select: 'id,name', $filter: "name eq 'a''b'" },
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    expect(result.current.count).toBe(42);
    expect(result.current.rows[1]).toEqual({ id: 2, name: 'row 2' });
    expect(requests).toHaveLength(1);
    expect(requests[0].pathname).toBe('/api/Things/outstanding');
    expect(paramsOf(requests[0])).toEqual([
      ['$top', '25'],
      ['$count', 'true'],
      ['$select', 'id,name'],
      ['$filter', "name eq 'a''b'"],
    ]);
  });

  it('keeps the previous page on screen while the next page loads', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { requests } = mockFetch({ body: page([1, 2], { '@odata.count': 4 }) });
    const { wrapper } = queryWrapper();
    const { result, rerender } = renderHook(
      ({ p }) => useODataList<Row>({ key: ['things'], path: 'Things', top: 2, count: true, page: p }),
      { wrapper, initialProps: { p: 1 } },
    );
    await waitFor(() => expect(result.current.rows.map((r) => r.id)).toEqual([1, 2]));

    // The second answer waits for the gate: meanwhile the first page stays.
    const slow = vi.fn(async (input: RequestInfo | URL) => {
      requests.push(new URL(String(input), 'http://localhost'));
      await gate;
      return new Response(JSON.stringify(page([3, 4], { '@odata.count': 4 })), {
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', slow);
    rerender({ p: 2 });
    await waitFor(() => expect(result.current.isFetching).toBe(true));
    expect(result.current.isPlaceholderData).toBe(true);
    expect(result.current.rows.map((r) => r.id)).toEqual([1, 2]);
    expect(result.current.count).toBe(4);
    expect(result.current.isLoading).toBe(false);

    release();
    await waitFor(() => expect(result.current.rows.map((r) => r.id)).toEqual([3, 4]));
    expect(paramsOf(requests[1])).toEqual([
      ['$top', '2'],
      ['$skip', '2'],
      ['$count', 'true'],
    ]);
    expect(result.current.hasMore).toBe(false);
  });

  it('toasts the spec’s failure text once when the read fails, and reports the failure', async () => {
    mockFetch({ status: 500, body: { title: 'Internal Server Error' } });
    const { wrapper } = queryWrapper();
    const { result } = renderHook(
      () => useODataList<Row>({ key: ['things'], path: 'Things', top: 10, failure: 'Failed to get Things' }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.rows).toEqual([]);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith('Failed to get Things');
  });

  it('asks nothing while disabled', async () => {
    const { requests } = mockFetch({ body: page([1]) });
    const { wrapper } = queryWrapper();
    const { result } = renderHook(
      () => useODataList<Row>({ key: ['things'], path: 'Things', top: 10, enabled: false }),
      { wrapper },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(0);
    expect(result.current.isPending).toBe(true);
    expect(result.current.isLoading).toBe(false);
  });
});

describe('useODataList (Load more)', () => {
  it('asks for pages of `top` rows (Prefer), follows @odata.nextLink as sent and appends the rows', async () => {
    const next = '/api/Things?$skiptoken=abc';
    const { requests, fetchMock } = mockFetch(
      { body: page([1, 2], { '@odata.count': 3, '@odata.nextLink': next }) },
      { body: page([3], { '@odata.count': 3 }) },
    );
    const { wrapper } = queryWrapper();
    const { result } = renderHook(
      () =>
        useODataList<Row>({
          key: ['things', 'more'],
          path: 'Things',
          top: 2,
          count: true,
          paging: 'more',
          query: { $filter: 'id gt 0' },
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.hasMore).toBe(true));
    expect(result.current.rows.map((r) => r.id)).toEqual([1, 2]);
    await act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.rows.map((r) => r.id)).toEqual([1, 2, 3]));
    expect(result.current.hasMore).toBe(false);
    expect(result.current.count).toBe(3);
    expect(paramsOf(requests[0])).toEqual([
      ['$count', 'true'],
      ['$filter', 'id gt 0'],
    ]);
    expect(`${requests[1].pathname}${decodeURIComponent(requests[1].search)}`).toBe(next);
    // The page size goes with the first request and with every next link.
    for (const [, init] of fetchMock.mock.calls)
      expect((init?.headers as Record<string, string> | undefined)?.Prefer).toBe('odata.maxpagesize=2');
  });

  it('does not keep the previous filter’s rows while a new filter loads', async () => {
    mockFetch((url) => ({ body: page(url.searchParams.get('$filter') === 'a' ? [1] : [2]) }));
    const { wrapper } = queryWrapper();
    const { result, rerender } = renderHook(
      ({ f }) =>
        useODataList<Row>({
          key: ['things', f],
          path: 'Things',
          top: 2,
          paging: 'more',
          query: { $filter: f },
        }),
      { wrapper, initialProps: { f: 'a' } },
    );
    await waitFor(() => expect(result.current.rows.map((r) => r.id)).toEqual([1]));
    rerender({ f: 'b' });
    expect(result.current.rows).toEqual([]);
    await waitFor(() => expect(result.current.rows.map((r) => r.id)).toEqual([2]));
  });
});
