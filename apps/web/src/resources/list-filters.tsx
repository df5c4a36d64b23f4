import type { FilterDef, ResourceDef } from '@glass/domain/resources/define';
import { Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { type Choice, SearchSelect } from '../ui/search-select';
import type { FilterValues } from './list-query';
import { LookupSelect } from './lookup-select';

/** A flag filter's choices: the select holds text, the list query the boolean. */
const YES_NO: Choice<string>[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];
const toFlag = (v: string | undefined) => (v === 'true' ? true : v === 'false' ? false : undefined);

/**
 * One declared filter as the one drop-down (ui/SearchSelect): type to search, arrows and Enter to
 * choose, cleared to "All".
 */
function FilterControl({
  filter,
  value,
  onChange,
}: {
  filter: FilterDef;
  value: FilterValues[string];
  onChange: (v: FilterValues[string]) => void;
}) {
  // The look of every generic list's filters (resources/array-list too): the name inside the control.
  const common = {
    'aria-label': filter.label,
    placeholder: 'All',
    prefix: `${filter.label}:`,
    allowClear: true,
    minWidth: 160,
  };
  if (filter.kind === 'lookup' && filter.lookup) {
    return (
      <LookupSelect
        source={filter.lookup}
        {...common}
        value={value === undefined || typeof value === 'boolean' ? undefined : value}
        onChange={(v) => onChange(v ?? undefined)}
      />
    );
  }
  if (filter.kind === 'boolean') {
    return (
      <SearchSelect<string>
        {...common}
        options={YES_NO}
        value={value === undefined ? undefined : String(value)}
        onChange={(v) => onChange(toFlag(v))}
      />
    );
  }
  return (
    <SearchSelect<string | number>
      {...common}
      options={filter.options ?? []}
      value={value === undefined || typeof value === 'boolean' ? undefined : value}
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}

/** The declared filters and the search box (typing settles for 300 ms before it searches). */
export function ListFilters({
  def,
  filters,
  search,
  onFilters,
  onSearch,
}: {
  def: ResourceDef;
  filters: FilterValues;
  search: string;
  onFilters: (next: FilterValues) => void;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(search);
  useEffect(() => {
    if (text === search) return;
    const timer = setTimeout(() => onSearch(text), 300);
    return () => clearTimeout(timer);
  }, [text, search, onSearch]);

  return (
    <Space wrap>
      {def.search?.length ? (
        <Input.Search
          aria-label={`Search ${def.title}`}
          placeholder="Search"
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => onSearch(v)}
          style={{ width: 240 }}
        />
      ) : null}
      {(def.filters ?? []).map((filter) => (
        <FilterControl
          key={filter.key}
          filter={filter}
          value={filters[filter.key]}
          onChange={(v) => onFilters({ ...filters, [filter.key]: v })}
        />
      ))}
    </Space>
  );
}
