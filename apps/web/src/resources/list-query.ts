import { type ResourceDef, valueAt } from '@glass/domain/resources/define';
import { csvFileName, toCsv } from '@glass/domain/rules/csv';
import { getAllPages, type Query } from '../api/http';
import { resourceKeys } from '../query/query-keys';
import { useODataList } from '../query/use-odata-list';
import { cellText } from './cells';

export type Row = Record<string, unknown> & { id: number };
export type FilterValues = Record<string, string | number | boolean | undefined>;

export interface ListState {
  page: number;
  pageSize: number;
  filters: FilterValues;
  search: string;
  order?: { key: string; dir: 'asc' | 'desc' };
}

export function initialListState(def: ResourceDef): ListState {
  const filters: FilterValues = {};
  for (const f of def.filters ?? []) if (f.initial !== undefined) filters[f.key] = f.initial;
  return { page: 1, pageSize: 20, filters, search: '' };
}

/** Declared filters go as plain parameters and the search box as `searchTerm` (the server derives both). */
function scope(state: ListState): Query {
  const query: Query = { ...state.filters, searchTerm: state.search.trim() || undefined };
  if (state.order) query.$orderby = `${state.order.key} ${state.order.dir}`;
  return query;
}

export const listKey = (def: ResourceDef) => resourceKeys.list(def.name);

/** One page of the declared list (the previous page stays while the next loads); failures are toasted. */
export function useResourceList(def: ResourceDef, state: ListState) {
  const { page, ...rest } = state;
  return useODataList<Row>({
    key: resourceKeys.page(def.name, rest),
    path: def.api.list,
    top: state.pageSize,
    count: true,
    page,
    query: scope(state),
    failure: def.failedToGet,
  });
}

/** Every row of the filtered list (all pages), as a CSV download of the declared columns. */
export async function exportCsv(def: ResourceDef, state: ListState): Promise<void> {
  const rows = await getAllPages<Row>(def.api.list, { query: scope(state), pageSize: 1000 });
  const csv = toCsv(
    def.columns.map((c) => c.title),
    rows.map((row) => def.columns.map((c) => cellText(valueAt(row, c.key), c.format, c))),
  );
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(def.title);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export { valueAt };
