import type { FilterDef, ResourceDef } from '@glass/domain/resources/define';
import { Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import type { FilterValues } from './list-query';
import { LookupSelect } from './lookup-select';

const YES_NO = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

function FilterControl({
  filter,
  value,
  onChange,
}: {
  filter: FilterDef;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const common = {
    'aria-label': filter.label,
    placeholder: 'All',
    prefix: `${filter.label}:`,
    allowClear: true,
    style: { minWidth: 160 },
    value: value ?? undefined,
    onChange: (v: unknown) => onChange(v ?? undefined),
  };
  if (filter.kind === 'lookup' && filter.lookup) return <LookupSelect source={filter.lookup} {...common} />;
  if (filter.kind === 'boolean') return <Select {...common} options={YES_NO} />;
  return <Select {...common} options={[...(filter.options ?? [])]} />;
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
          onChange={(v) => onFilters({ ...filters, [filter.key]: v as FilterValues[string] })}
        />
      ))}
    </Space>
  );
}
