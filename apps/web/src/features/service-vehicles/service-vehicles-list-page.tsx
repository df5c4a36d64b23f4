import {
  FAILED_TO_GET_SERVICE_DRIVE_LIST,
  FAILED_TO_GET_SERVICE_VEHICLES,
} from '@glass/domain/messages/service-vehicles';
import { REPLACEMENT_REPAIR_COUNT } from '@glass/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Pagination, Switch } from 'antd';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { toastError } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { useDocumentTitle } from '../../shell/document-title';
import { ListSkeleton } from '../../shell/list-skeleton';
import { svApi } from './sv-api';
import { SvVirtualList } from './sv-virtual-list';

/** The list's page (spec: top 100 with the count); further pages by $skip. */
const PAGE_SIZE = 100;
const odataText = (text: string) => `'${text.replace(/'/g, "''")}'`;

interface Filters {
  from: string;
  to: string;
  repair: boolean;
  replacement: boolean;
  onlyRepairs: boolean;
  facilityId: string;
  search: string;
}

/** The OData $filter of the list filters (spec 1 §5), or null when the switches exclude everything. */
export function buildFilter(f: Filters): string | null {
  const parts: string[] = [];
  if (f.from) parts.push(`activityDate ge ${new Date(`${f.from}T00:00:00`).toISOString()}`);
  if (f.to) parts.push(`activityDate le ${new Date(`${f.to}T23:59:59.999`).toISOString()}`);
  if (!f.repair && !f.replacement) return null;
  if (f.repair && !f.replacement) parts.push(`repairCount lt ${REPLACEMENT_REPAIR_COUNT}`);
  if (!f.repair && f.replacement) parts.push(`repairCount ge ${REPLACEMENT_REPAIR_COUNT}`);
  if (f.onlyRepairs) parts.push('repairCount gt 0');
  if (f.facilityId) parts.push(`facilityId eq ${Number(f.facilityId)}`);
  const text = f.search.trim();
  if (text) {
    const q = odataText(text);
    parts.push(
      `(contains(vehicle/vin,${q}) or contains(repairOrder/repairOrderNumber,${q}) or contains(vehicle/licenseTag,${q}))`,
    );
  }
  return parts.join(' and ');
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
    onlyRepairs: false,
    facilityId: '',
    search: '',
  });
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const filter = mode === 'list' ? buildFilter(filters) : '';
  const failure = mode === 'list' ? FAILED_TO_GET_SERVICE_VEHICLES : FAILED_TO_GET_SERVICE_DRIVE_LIST;

  const query = useQuery({
    queryKey: ['service-vehicles', mode, filter, page],
    enabled: filter !== null,
    placeholderData: (previous) => previous,
    queryFn: () =>
      svApi.list(
        mode === 'list'
          ? {
              $top: PAGE_SIZE,
              $skip: (page - 1) * PAGE_SIZE || undefined,
              $count: true,
              $orderby: 'priority asc,id desc',
              $filter: filter || undefined,
            }
          : { $top: 50, $orderby: 'id desc' },
      ),
  });
  useEffect(() => {
    if (query.isError) toastError(failure);
  }, [query.isError, failure]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts at page 1
  useEffect(() => setPage(1), [filter]);

  const rows = useMemo(() => (filter === null ? [] : (query.data?.value ?? [])), [filter, query.data]);
  const count = query.data?.['@odata.count'];
  const set = (patch: Partial<Filters>) => setFilters((current) => ({ ...current, ...patch }));
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    set({ search: searchText });
  };

  return (
    <section aria-labelledby="screen-title">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginBottom: 8 }}>
        <h1 id="screen-title" style={{ fontSize: 22, margin: 0, flex: 1 }}>
          {title}
        </h1>
        <Link to="/new-service-vehicle">New service vehicle</Link>
        <Button onClick={() => query.refetch()} aria-label="Refresh list" title="Refresh list">
          Refresh
        </Button>
      </div>
      {mode === 'list' ? (
        <div className="sv-filters">
          <label>
            From
            <input type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
          </label>
          <label>
            To
            <input type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
          </label>
          <span className="sv-switch">
            <Switch
              size="small"
              checked={filters.repair}
              onChange={(v) => set({ repair: v })}
              aria-label="Repairs"
            />
            Repairs
          </span>
          <span className="sv-switch">
            <Switch
              size="small"
              checked={filters.replacement}
              onChange={(v) => set({ replacement: v })}
              aria-label="Replacements"
            />
            Replacements
          </span>
          <span className="sv-switch">
            <Switch
              size="small"
              checked={filters.onlyRepairs}
              onChange={(v) => set({ onlyRepairs: v })}
              aria-label="Only repairs greater than 0"
            />
            Only repairs &gt; 0
          </span>
          <label>
            Facility
            <select value={filters.facilityId} onChange={(e) => set({ facilityId: e.target.value })}>
              <option value="">All facilities</option>
              {facilities.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.shortName || f.name}
                </option>
              ))}
            </select>
          </label>
          <form onSubmit={onSearch} style={{ display: 'flex', gap: 4 }}>
            <Input
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              placeholder="VIN, RO number or license tag"
              aria-label="Search by VIN, RO number or license tag"
              allowClear
              style={{ width: 240, maxWidth: '100%' }}
            />
            <Button htmlType="submit">Search</Button>
          </form>
        </div>
      ) : null}
      {query.isLoading ? (
        <ListSkeleton label={`Loading ${title}`} />
      ) : query.isError ? (
        <Alert type="error" showIcon title={failure} />
      ) : (
        <>
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
        </>
      )}
    </section>
  );
}
