import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { http, type ODataPage, type Query } from '../api/http';
import { odataFilter } from './odata-filter';
import { searchSelectKeys } from './query-keys';
import { useFailureToast } from './use-failure-toast';

/** An OData list a pick list searches (a declared resource or any list of the OData engine). */
export interface SearchSource {
  /** The list's path under /api ('loanerCars', 'InsuranceCompaniesOData'). */
  path: string;
  /** The text field shown as the label and searched in (case-insensitive `contains`); default 'name'. */
  label?: string;
  /** Fixed equality conditions ANDed into every `$filter` (`{ isActive: true }`). */
  where?: Readonly<Record<string, string | number | boolean>>;
  /** The list's own plain parameters (a declared list's filters: `{ isActive: true }`). */
  params?: Query;
}

export interface SearchChoice {
  value: number;
  label: string;
}

/** Matches a search shows at most: the user narrows by typing, no list is read whole. */
export const SEARCH_SELECT_TOP = 20;
/** Typing pauses this long before the server is asked. */
export const SEARCH_SELECT_DEBOUNCE_MS = 300;

type Row = Record<string, unknown> & { id: number };

const read = (source: SearchSource, filter: string | undefined, top: number, signal: AbortSignal) => {
  const label = source.label ?? 'name';
  return http.get<ODataPage<Row>>(source.path, {
    signal,
    query: { ...source.params, $select: `id,${label}`, $filter: filter, $orderby: `${label} asc`, $top: top },
  });
};

/** The fixed conditions, plus whatever `more` adds (a search, the chosen ids). */
function filterOf(source: SearchSource, more: (f: ReturnType<typeof odataFilter<Row>>) => unknown) {
  const f = odataFilter<Row>();
  for (const [field, value] of Object.entries(source.where ?? {})) f.eq(field as never, value as never);
  more(f);
  return f.build();
}

const choicesOf = (source: SearchSource, rows: readonly Row[] | undefined): SearchChoice[] =>
  (rows ?? []).map((row) => ({ value: row.id, label: String(row[source.label ?? 'name'] ?? '').trim() }));

/**
 * A pick list searched on the server as the user types: the first SEARCH_SELECT_TOP rows by label, then
 * those whose label contains the typed text (asked once typing pauses). The chosen value (or values) keep
 * their labels even when the page of matches leaves them out: their rows are read by id. Failures are
 * toasted with `failure`. Spread `selectProps` on `ui/SearchSelect`.
 */
export function useSearchSelect(
  source: SearchSource,
  value: number | readonly number[] | null | undefined,
  options: { failure?: string; top?: number; enabled?: boolean } = {},
) {
  const { failure, top = SEARCH_SELECT_TOP, enabled = true } = options;
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setText(typed.trim()), SEARCH_SELECT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const sourceKey = `${source.path}?${JSON.stringify([source.label, source.where, source.params])}`;
  const matches = useQuery({
    queryKey: searchSelectKeys.search(sourceKey, text),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      read(
        source,
        filterOf(source, (f) => text && f.contains((source.label ?? 'name') as never, text)),
        top,
        signal,
      ),
  });

  const ids = useMemo(
    () =>
      [...new Set(value == null ? [] : Array.isArray(value) ? value : [value as number])].sort(
        (a, b) => a - b,
      ),
    [value],
  );
  // The chosen rows by id, without the fixed conditions: a value no longer active still shows its name.
  const chosen = useQuery({
    queryKey: searchSelectKeys.labels(source.path, ids),
    enabled: enabled && ids.length > 0,
    staleTime: 300_000,
    queryFn: ({ signal }) => {
      const f = odataFilter<Row>().anyOf((g) => {
        for (const id of ids) g.eq('id', id);
      });
      return read({ ...source, where: undefined, params: undefined }, f.build(), ids.length, signal);
    },
  });
  useFailureToast(matches.isError || chosen.isError, failure);

  const choices = useMemo(() => {
    const byId = new Map<number, SearchChoice>();
    for (const choice of choicesOf(source, chosen.data?.value)) byId.set(choice.value, choice);
    for (const choice of choicesOf(source, matches.data?.value)) byId.set(choice.value, choice);
    return [...byId.values()];
  }, [source, chosen.data, matches.data]);

  return {
    choices,
    isLoading: matches.isFetching,
    isError: matches.isError || chosen.isError,
    /** The typed text (the next search once typing pauses). */
    search: typed,
    /** Give the typed text ('' when the list closes). */
    onSearch: setTyped,
    /** Props for `ui/SearchSelect`: the choices, the loading state and the server-side search. */
    selectProps: {
      options: choices,
      loading: matches.isFetching,
      onSearch: setTyped,
    },
  };
}
