import { keepPreviousData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { http, type ODataPage, pageSizeHeader, type Query } from '../api/http';
import { useFailureToast } from './use-failure-toast';

export interface ODataListOptions {
  /** The list's key from its area's factory (query-keys.ts), without the page. */
  key: QueryKey;
  /** The list's path under /api (e.g. 'Invoices/outstanding'). */
  path: string;
  /** Rows a page: `$top` and `$skip` by page ('pages'), `Prefer: odata.maxpagesize` ('more'). */
  top: number;
  /** Ask for @odata.count with each page. */
  count?: boolean;
  /** $select, $orderby, $filter and the list's own parameters, exactly as the screen sends them. */
  query?: Query;
  /**
   * 'pages' (default): one page at a time by `page` ($top and $skip), the previous page kept on screen while
   * the next one loads. 'more': a Load more button appends the next page from @odata.nextLink; the first
   * request has no `$top` (in OData it limits the whole list, and the links would stop after it) but asks
   * for pages of `top` rows with `Prefer: odata.maxpagesize`, as every next link does.
   */
  paging?: 'pages' | 'more';
  /** 1-based page ('pages' only). */
  page?: number;
  enabled?: boolean;
  /** Keep the previous rows while another key loads (default: true for 'pages', false for 'more'). */
  keepPrevious?: boolean;
  /** The spec's failure text ('Failed to get Invoices'): toasted when the read fails. */
  failure?: string;
  /** How long a page read stays fresh and is kept (ms; default the client's 30 s): the reconcile cache. */
  staleTime?: number;
}

/**
 * The query of one page: $top, $skip (left out on the first page) and $count, then the screen's own. For
 * Load more ('more') the first page has neither $top nor $skip: its size goes in the Prefer header.
 */
export function pageQuery(
  options: Pick<ODataListOptions, 'top' | 'count' | 'query' | 'page' | 'paging'>,
): Query {
  const more = options.paging === 'more';
  const skip = more ? 0 : ((options.page ?? 1) - 1) * options.top;
  return {
    $top: more ? undefined : options.top,
    $skip: skip > 0 ? skip : undefined,
    $count: options.count ? true : undefined,
    ...options.query,
  };
}

/**
 * An OData list read (GET with $top/$skip/$count; '@odata.nextLink' and Prefer: odata.maxpagesize for Load
 * more): the rows of every loaded page, the server's count, and the failure toast. Generic over the row type.
 */
export function useODataList<Row>(options: ODataListOptions) {
  const { key, path, paging = 'pages', page = 1, enabled, failure, staleTime } = options;
  const keepPrevious = options.keepPrevious ?? paging === 'pages';
  const first = pageQuery(options);
  const headers = paging === 'more' ? pageSizeHeader(options.top) : undefined;
  const query = useInfiniteQuery({
    queryKey: paging === 'pages' ? [...key, page] : key,
    enabled,
    ...(staleTime === undefined ? {} : { staleTime, gcTime: staleTime }),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      pageParam
        ? http.get<ODataPage<Row>>(pageParam, { signal, headers })
        : http.get<ODataPage<Row>>(path, { signal, headers, query: first }),
    getNextPageParam: (last) => (paging === 'more' ? last?.['@odata.nextLink'] || undefined : undefined),
  });
  useFailureToast(query.isError, failure);

  const rows = useMemo(() => query.data?.pages.flatMap((p) => p?.value ?? []) ?? [], [query.data]);
  const count: number | undefined = query.data?.pages[0]?.['@odata.count'];
  return {
    rows,
    /** @odata.count of the first page (undefined when not asked or not sent). */
    count,
    /** The first page as the server sent it (lists that answer more than rows, e.g. reconcile's totals). */
    firstPage: query.data?.pages[0],
    /** Rows were read (maybe a previous key's, while this one loads or after it failed). */
    hasData: query.data !== undefined,
    isPending: query.isPending,
    isLoading: query.isLoading,
    isError: query.isError,
    isFetching: query.isFetching,
    /** A refresh of what is shown (not the first load, not Load more). */
    isRefetching: query.isRefetching && !query.isFetchingNextPage,
    isPlaceholderData: query.isPlaceholderData,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => query.fetchNextPage(),
    refetch: () => query.refetch(),
    error: query.error,
  };
}
