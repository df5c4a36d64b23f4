import type { LookupSource, ResourceDef } from '@glass/domain/resources/define';
import { useQuery } from '@tanstack/react-query';
import { http, pageSizeHeader } from '../api/http';
import { lookupKeys } from '../query/query-keys';
import type { Row } from './list-query';

/** The writes of a declared list (create POST {base}, update PUT {base}/{id}) and its image uploads. */
export const resourceApi = {
  save: (def: ResourceDef, record: Row | null, body: unknown) =>
    record ? http.put<Row>(`${def.api.base}/${record.id}`, body) : http.post<Row>(def.api.base, body),
  /** One image (multipart `file` with the route's own fields); the server answers where it stored it. */
  uploadImage: (uploadPath: string, form: FormData) => http.post<{ filePath: string }>(uploadPath, form),
};

export interface LookupOption {
  value: string | number;
  label: string;
}

const rowsOf = (answer: unknown): Record<string, unknown>[] => {
  if (Array.isArray(answer)) return answer;
  const inner = (answer as { value?: unknown } | null)?.value;
  return Array.isArray(inner) ? inner : [];
};

/**
 * Every row of a lookup source: a plain array, or an OData list read through its next links (pages of up to
 * 1000; a `$top` in the source's path would limit the whole list, so sources have none).
 */
async function allRows(path: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  for (let next: string | undefined = path; next && !seen.has(next); ) {
    seen.add(next);
    const answer: unknown = await http.get(next, { headers: pageSizeHeader(1000) });
    rows.push(...rowsOf(answer));
    next = (answer as { '@odata.nextLink'?: string } | null)?.['@odata.nextLink'];
  }
  return rows;
}

/** The options of a lookup source (brands, employees …), cached for 5 minutes. */
export function useLookupOptions(source: LookupSource | undefined) {
  return useQuery({
    queryKey: lookupKeys.list(source?.path),
    enabled: !!source,
    staleTime: 300_000,
    queryFn: async (): Promise<LookupOption[]> => {
      const rows = await allRows(source!.path);
      const label = source!.label ?? ['name'];
      return rows.map((row) => ({
        value: row[source!.value ?? 'id'] as number,
        label: label
          .map((k) => row[k] ?? '')
          .join(' ')
          .trim(),
      }));
    },
  });
}
