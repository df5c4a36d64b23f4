import {
  FAILED_TO_GET_SERVICE_DRIVE_LIST,
  FAILED_TO_GET_SERVICE_VEHICLES,
} from '@glass/domain/messages/service-vehicles';
import { REPLACEMENT_REPAIR_COUNT } from '@glass/domain/constants';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { Button, Input, Pagination, Switch } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSessionState } from '../../api/use-session';
import { useDocumentTitle } from '../../shell/document-title';
import { odataFilter } from '../../query/odata-filter';
import { serviceVehicleKeys } from '../../query/query-keys';
import { useODataList } from '../../query/use-odata-list';
import { DateRangeField } from '../../ui/date-fields';
import { Filter, FilterBar } from '../../ui/filter-bar';
import { LoadState, ScreenFrame } from '../../ui/screen-frame';
import { SearchSelect } from '../../ui/search-select';
import type { SvListRow } from './sv-api';
import { SvVirtualList } from './sv-virtual-list';

/** The list's page (spec: top 100 with the count); further pages by $skip. */
const PAGE_SIZE = 100;
/** /service-drive: the newest 50. */
const DRIVE_TOP = 50;

/** The fields the list filters on: the row plus the activity date of the range. */
type SvFilterRow = SvListRow & { activityDate?: string | null };

interface Filters {
  from: string;
  to: string;
  repair: boolean;
  replacement: boolean;
  facilityId: string;
  search: string;
}

/**
 * The OData $filter of the list filters (spec 1 §5), or null when the switches exclude everything.
 * "Only vehicles with repairs greater than 0 are listed" is the server's rule, not a filter here.
 */
export function buildFilter(f: Filters): string | null {
  if (!f.repair && !f.replacement) return null;
  const filter = odataFilter<SvFilterRow>().between(
    'activityDate',
    f.from ? new Date(`${f.from}T00:00:00`) : undefined,
    f.to ? new Date(`${f.to}T23:59:59.999`) : undefined,
  );
  if (f.repair && !f.replacement) filter.lt('repairCount', REPLACEMENT_REPAIR_COUNT);
  if (!f.repair && f.replacement) filter.ge('repairCount', REPLACEMENT_REPAIR_COUNT);
  if (f.facilityId) filter.eq('facilityId', Number(f.facilityId));
  const text = f.search.trim();
  if (text)
    filter.anyOf((any) =>
      any
        .contains('vehicle/vin', text)
        .contains('repairOrder/repairOrderNumber', text)
        .contains('vehicle/licenseTag', text),
    );
  return filter.toString();
}

/** /service-vehicles (filters, top 100 by priority) and /service-drive (top 50, newest first). */
export function ServiceVehiclesListPage({ mode }: { mode: 'list' | 'drive' }) {
  const title = mode === 'list' ? 'Service Vehicles' : 'Service Drive';
  useDocumentTitle(title);
  const { facilities } = useSessionState();
  const [filters, setFilters] = useState<Filters>({
    from: '',
    to: '',
    repair: true,
    replacement: true,
    facilityId: '',
    search: '',
  });
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const filter = mode === 'list' ? buildFilter(filters) : '';
  const failure = mode === 'list' ? FAILED_TO_GET_SERVICE_VEHICLES : FAILED_TO_GET_SERVICE_DRIVE_LIST;

  const query = useODataList<SvListRow>({
    key: serviceVehicleKeys.list(mode, filter),
    path: 'ServiceVehicles',
    enabled: filter !== null,
    failure,
    ...(mode === 'list'
      ? {
          top: PAGE_SIZE,
          count: true,
          page,
          query: { $orderby: 'priority asc,id desc', $filter: filter || undefined },
        }
      : { top: DRIVE_TOP, query: { $orderby: 'id desc' } }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts at page 1
  useEffect(() => setPage(1), [filter]);

  const rows = useMemo(() => (filter === null ? [] : query.rows), [filter, query.rows]);
  const count = query.count;
  const set = (patch: Partial<Filters>) => setFilters((current) => ({ ...current, ...patch }));
  const onSearch = () => set({ search: searchText });
  const navigate = useNavigate();

  return (
    <ScreenFrame
      title={title}
      actions={
        <>
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => navigate('/new-service-vehicle')}
          >
            New service vehicle
          </Button>
          <Button onClick={() => query.refetch()} aria-label="Refresh list" title="Refresh list">
            Refresh
          </Button>
        </>
      }
    >
      {mode === 'list' ? (
        <FilterBar onSubmit={onSearch}>
          <Filter label="Activity" htmlFor="sv-filter-dates">
            <DateRangeField
              id="sv-filter-dates"
              aria-label="Activity from and to"
              from={filters.from}
              to={filters.to}
              onChange={(from, to) => set({ from, to })}
            />
          </Filter>
          <Filter label="Repairs" htmlFor="sv-filter-repairs">
            <Switch
              id="sv-filter-repairs"
              size="small"
              checked={filters.repair}
              onChange={(v) => set({ repair: v })}
              aria-label="Repairs"
            />
          </Filter>
          <Filter label="Replacements" htmlFor="sv-filter-replacements">
            <Switch
              id="sv-filter-replacements"
              size="small"
              checked={filters.replacement}
              onChange={(v) => set({ replacement: v })}
              aria-label="Replacements"
            />
          </Filter>
          <Filter label="Facility" htmlFor="sv-filter-facility">
            <SearchSelect<string>
              id="sv-filter-facility"
              minWidth={160}
              value={filters.facilityId}
              onChange={(v) => set({ facilityId: v ?? '' })}
              options={[
                { value: '', label: 'All facilities' },
                ...facilities.map((f) => ({ value: String(f.id), label: f.shortName || f.name })),
              ]}
            />
          </Filter>
          <Filter label="Search" htmlFor="sv-filter-search">
            <Input
              id="sv-filter-search"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              placeholder="VIN, RO number or license tag"
              aria-label="Search by VIN, RO number or license tag"
              allowClear
              style={{ width: 240 }}
            />
          </Filter>
          <Button htmlType="submit">Search</Button>
        </FilterBar>
      ) : null}
      <LoadState
        loading={query.isLoading}
        failed={query.isError}
        failure={failure}
        label={`Loading ${title}`}
      >
        <p aria-live="polite" style={{ margin: '0 0 8px' }}>
          {count !== undefined ? `${count} found` : `${rows.length} shown`}
          {count !== undefined && count > rows.length
            ? ` (${(page - 1) * PAGE_SIZE + 1}–${(page - 1) * PAGE_SIZE + rows.length} shown)`
            : ''}
          {query.isFetching && !query.isLoading ? ' · loading…' : ''}
        </p>
        <SvVirtualList label={`${title} list`} rows={rows} />
        {count !== undefined && count > PAGE_SIZE ? (
          <Pagination
            style={{ marginTop: 12 }}
            current={page}
            pageSize={PAGE_SIZE}
            total={count}
            onChange={setPage}
            showSizeChanger={false}
            simple
          />
        ) : null}
      </LoadState>
    </ScreenFrame>
  );
}
