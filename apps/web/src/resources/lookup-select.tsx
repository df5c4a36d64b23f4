import type { LookupSource } from '@glass/domain/resources/define';
import { SearchSelect, type SearchSelectProps } from '../ui/search-select';
import { useLookupOptions } from './resource-api';

export type { LookupOption } from './resource-api';

/** The one drop-down (`ui/SearchSelect`: type to search, keys, width of its labels) over a lookup source; value is the row id. */
export function LookupSelect({
  source,
  ...props
}: Omit<SearchSelectProps<string | number>, 'options'> & { source: LookupSource }) {
  const { data, isLoading } = useLookupOptions(source);
  return <SearchSelect<string | number> allowClear loading={isLoading} options={data ?? []} {...props} />;
}
