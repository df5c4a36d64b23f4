import { FAILED_TO_LIST_SERVICE_VEHICLES } from '@glass/domain/messages/service-vehicles';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Pagination, Switch, Tabs } from 'antd';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toastError } from '../../api/notices';
import { useDocumentTitle } from '../../shell/document-title';
import { ListSkeleton } from '../../shell/list-skeleton';
import { browserTzo, svApi } from './sv-api';
import { SvRowCard } from './sv-row';
import { usePageSwitches } from './use-page-switches';

const PAGE_SIZE = 10;

const FILTERS = {
  vehicles: [
    ['active', 'Active'],
    ['all', 'All'],
    ['today', 'Today'],
    ['followUp', 'Follow Up'],
    ['ready', 'Ready'],
    ['invoiced', 'Invoiced'],
    ['closed', 'Closed'],
  ],
  requests: [
    ['open', 'Open'],
    ['all', 'All'],
    ['sent', 'Sent'],
    ['received', 'Received'],
    ['unread', 'Unread'],
  ],
} as const;

/** /my-service-vehicles, /my-pipeline (same list) and /my-requests (spec 1 §5). */
export function MyServiceVehiclesPage({ kind, title }: { kind: 'vehicles' | 'requests'; title: string }) {
  useDocumentTitle(title);
  const [params] = useSearchParams();
  const recordId = Number(params.get('recordId')) || undefined;
  const [filterType, setFilterType] = useState<string>(FILTERS[kind][0][0]);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [searchText, setSearchText] = useState('');
  const switches = usePageSwitches(title);
  const { repair, replacement } = switches;

  const query = useQuery({
    queryKey: ['my-service-vehicles', kind, filterType, page, search, repair, replacement, recordId],
    enabled: switches.ready,
    queryFn: () =>
      svApi.listMine(kind, {
        TZO: browserTzo(),
        skip: (page - 1) * PAGE_SIZE,
        take: PAGE_SIZE,
        filterType,
        search: search || undefined,
        repair,
        replacement,
        recordId: kind === 'requests' ? recordId : undefined,
      }),
  });
  useEffect(() => {
    if (query.isError) toastError(FAILED_TO_LIST_SERVICE_VEHICLES);
  }, [query.isError]);

  // ?recordId= : the record comes first; it is opened (highlighted and focused) once it arrives.
  const opened = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!recordId || opened.current === recordId || !query.data) return;
    const link = document.getElementById(`sv-row-${recordId}`);
    if (link) {
      opened.current = recordId;
      link.focus();
      link.scrollIntoView?.({ block: 'nearest' });
    }
  }, [recordId, query.data]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setSearch(searchText.trim());
  };
  const rows = query.data?.items ?? [];

  const list = query.isPending ? (
    <ListSkeleton label={`Loading ${title}`} />
  ) : query.isError ? (
    <Alert type="error" showIcon title={FAILED_TO_LIST_SERVICE_VEHICLES} />
  ) : (
    <>
      <p aria-live="polite" style={{ margin: '0 0 8px' }}>
        {query.data?.total ?? 0} found
      </p>
      <ul className="sv-list" aria-label={`${title} list`}>
        {rows.map((row) => (
          <li key={row.id}>
            <SvRowCard
              row={row}
              highlighted={row.id === recordId}
              extra={
                row.request ? (
                  <div className="sv-field" style={{ marginTop: 4, fontSize: 13 }}>
                    <span className="sv-field-label">Request</span> {row.request.subject ?? ''}
                    {row.request.startedBy ? ` — started by ${row.request.startedBy}` : ''}
                    {row.request.lastMessageAt
                      ? `, last message ${formatDateTime(row.request.lastMessageAt)}`
                      : ''}
                    {row.request.unread ? <span className="sv-tag"> Unread</span> : null}
                  </div>
                ) : null
              }
            />
          </li>
        ))}
      </ul>
      {(query.data?.total ?? 0) > PAGE_SIZE ? (
        <Pagination
          style={{ marginTop: 12 }}
          current={page}
          pageSize={PAGE_SIZE}
          total={query.data?.total ?? 0}
          onChange={setPage}
          showSizeChanger={false}
          simple
        />
      ) : null}
    </>
  );

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" style={{ fontSize: 22, marginTop: 0 }}>
        {title}
      </h1>
      <div className="sv-filters">
        {(['Repairs', 'Replacements'] as const).map((name) => (
          <span key={name} className="sv-switch">
            <Switch
              size="small"
              checked={name === 'Repairs' ? repair : replacement}
              disabled={!switches.ready}
              onChange={(on) => {
                void switches.set(name, on);
                setPage(1);
              }}
              aria-label={name}
            />
            {name}
          </span>
        ))}
        <form onSubmit={onSearch} style={{ display: 'flex', gap: 4 }}>
          <Input
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder="Search"
            aria-label={`Search ${title}`}
            allowClear
            style={{ width: 220, maxWidth: '100%' }}
          />
          <Button htmlType="submit">Search</Button>
        </form>
        <Button onClick={() => query.refetch()}>Refresh</Button>
      </div>
      <Tabs
        activeKey={filterType}
        onChange={(key) => {
          setFilterType(key);
          setPage(1);
        }}
        items={FILTERS[kind].map(([key, label]) => ({
          key,
          label,
          children: key === filterType ? list : null,
        }))}
      />
    </section>
  );
}
