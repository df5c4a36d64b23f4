import { Select, type SelectProps } from 'antd';

export interface Choice<V extends string | number = string | number> {
  value: V;
  label: string;
}

/**
 * The one drop-down: antd's Select with type-to-search over the labels, wide enough for its longest
 * label (up to its max width) so a long facility name is not cut off, and a popup at least as wide
 * as its longest label. With `onSearch` the server searches (query/use-search-select.ts): the options
 * are its matches of the typed text, shown as they come, and closing the list forgets the text.
 */
export type SearchSelectProps<V extends string | number> = Omit<
  SelectProps<V, Choice<V>>,
  'options' | 'showSearch' | 'onSearch' | 'searchValue'
> & {
  options: readonly Choice<V>[];
  minWidth?: number;
  onSearch?: (text: string) => void;
};

export function SearchSelect<V extends string | number>({
  options,
  style,
  minWidth = 120,
  onSearch,
  onOpenChange,
  ...props
}: SearchSelectProps<V>) {
  return (
    <Select<V, Choice<V>>
      showSearch={onSearch ? { filterOption: false, onSearch } : { optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
      options={options as Choice<V>[]}
      style={{ minWidth, ...style }}
      onOpenChange={(open) => {
        if (!open) onSearch?.('');
        onOpenChange?.(open);
      }}
      {...props}
    />
  );
}

/** Yes/No/Any choices of a flag filter; '' is Any. */
export const ANY_YES_NO: Choice<string>[] = [
  { value: '', label: 'Any' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
