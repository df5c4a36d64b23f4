import { type SearchSource, useSearchSelect } from '../query/use-search-select';
import { SearchSelect, type SearchSelectProps } from './search-select';

/**
 * `SearchSelect` over an OData list searched on the server as the user types (query/use-search-select.ts):
 * a page of matches, never the whole list; the chosen row keeps its label. Works as a Form.Item child.
 */
export function ServerSearchSelect({
  source,
  failure,
  value,
  ...props
}: Omit<SearchSelectProps<number>, 'options' | 'onSearch' | 'loading'> & {
  source: SearchSource;
  /** The spec's failure text, toasted when a read fails. */
  failure?: string;
}) {
  const search = useSearchSelect(source, value, { failure });
  return <SearchSelect<number> allowClear {...search.selectProps} value={value} {...props} />;
}
