import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useFailureToast } from './use-failure-toast';

export interface PagedListOptions<Row> {
  /** The list's key from its area's factory (query-keys.ts), without the page: the hook adds it. */
  key: QueryKey;
  /** 1-based page. */
  page: number;
  /** Rows a page. */
  top: number;
  /** Reads one page: the rows to skip and the page size, as the list's route takes them. */
  read: (page: { skip: number; top: number; signal: AbortSignal }) => Promise<{ rows: Row[]; count: number }>;
  enabled?: boolean;
  /** The spec's failure text: toasted when the read fails. */
  failure?: string;
}

/**
 * The paging of useODataList ('pages') for a list whose route is not OData (skip/take in, `{items, total}`
 * out: the My lists): one page at a time, the key's page added here, the previous page kept on screen
 * while the next one loads, the failure toasted. Same answer fields as useODataList.
 */
export function usePagedList<Row>({ key, page, top, read, enabled, failure }: PagedListOptions<Row>) {
  const query = useQuery({
    queryKey: [...key, page],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => read({ skip: (page - 1) * top, top, signal }),
  });
  useFailureToast(query.isError, failure);
  return {
    rows: query.data?.rows ?? [],
    /** The list's total (every page). */
    count: query.data?.count,
    hasData: query.data !== undefined,
    isPending: query.isPending,
    isLoading: query.isLoading,
    isError: query.isError,
    isFetching: query.isFetching,
    isPlaceholderData: query.isPlaceholderData,
    refetch: () => query.refetch(),
    error: query.error,
  };
}
