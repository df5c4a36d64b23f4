import type { LookupSource } from '@glass/domain/resources/define';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { http } from '../api/http';
import { lookupKeys } from '../query/query-keys';

export interface LookupOption {
  value: string | number;
  label: string;
}

const rowsOf = (answer: unknown): Record<string, unknown>[] => {
  if (Array.isArray(answer)) return answer;
  const inner = (answer as { value?: unknown } | null)?.value;
  return Array.isArray(inner) ? inner : [];
};

/** The options of a lookup source (brands, employees …), cached for 5 minutes. */
export function useLookupOptions(source: LookupSource | undefined) {
  return useQuery({
    queryKey: lookupKeys.list(source?.path),
    enabled: !!source,
    staleTime: 300_000,
    queryFn: async (): Promise<LookupOption[]> => {
      const rows = rowsOf(await http.get(source!.path));
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

/** A searchable select over a lookup source; value is the row id. */
export function LookupSelect({ source, ...props }: SelectProps & { source: LookupSource }) {
  const { data, isLoading } = useLookupOptions(source);
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isLoading}
      options={data ?? []}
      {...props}
    />
  );
}
