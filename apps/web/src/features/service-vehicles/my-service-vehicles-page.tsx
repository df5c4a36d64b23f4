import { FAILED_TO_LIST_SERVICE_VEHICLES } from '@glass/domain/messages/service-vehicles';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Pagination, Switch, Tabs } from 'antd';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePagedList } from '../../query/use-paged-list';
import { ScreenFrame } from '../../ui/screen-frame';
import { useDocumentTitle } from '../../shell/document-title';
import { EmptyState } from '../../ui/empty-state';
import { ListSkeleton } from '../../ui/list-skeleton';
import { browserTzo, type SvDetail, type SvListRow, svApi } from './sv-api';
import { SvRowCard } from './sv-row';
import { usePageSwitches } from './use-page-switches';
import { serviceVehicleKeys } from '../../query/query-keys';

const PAGE_SIZE = 10;

/** The list card of a service vehicle read from its detail (the record a conversation asked for). */
export function detailAsRow(d: SvDetail): SvListRow {
  const phones = d.customer?.contact;
  return {
    id: d.id,
    facilityId: d.facility?.id ?? null,
    facility: d.facility ?? null,
    createdAt: d.createdAt,
    followUpDate: d.followUpDate,
    flagged: d.flagged,
    inspectedAt: d.inspectedAt,
    promisedDateTime: d.promisedDateTime,
    repairCount: d.repairCount,
    serviceAdvisorName: d.serviceAdvisorName,
    windshieldChecked: d.windshieldChecked,
    internal: d.internal,
    void: d.void,
    lost: d.lost,
    invoiceId: d.invoiceId,
    locked: !!d.lock,
    lockedBy: d.lock?.user?.name ?? null,
    leadTechnician: d.leadTechnician?.name ?? null,
    priority: d.priority,
    priorityColor: d.priorityColor,
    vehicle: d.vehicle ?? null,
    repairOrder: d.repairOrder ?? null,
    customer: d.customer
      ? {
          firstName: d.customer.firstName,
          lastName: d.customer.lastName,
          primaryPhone: phones?.primaryPhone?.phone ?? null,
          primaryPhoneTypeId: phones?.primaryPhone?.phoneTypeId ?? null,
          secondaryPhone: phones?.secondaryPhone?.phone ?? null,
          secondaryPhoneTypeId: phones?.secondaryPhone?.phoneTypeId ?? null,
        }
      : null,
  };
}

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

/** /my-service-vehicles and /my-requests (spec 1 §5); /my-pipeline is my-pipeline-page.tsx. */
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

  // The shared paging (the previous page stays while the next loads); the route takes skip/take.
  const query = usePagedList<SvListRow>({
    key: serviceVehicleKeys.myList(kind, filterType, search, repair, replacement, recordId),
    page,
    top: PAGE_SIZE,
    enabled: switches.ready,
    failure: FAILED_TO_LIST_SERVICE_VEHICLES,
    read: async ({ skip, top }) => {
      const answer = await svApi.listMine(kind, {
        TZO: browserTzo(),
        skip,
        take: top,
        filterType,
        search: search || undefined,
        repair,
        replacement,
        recordId: kind === 'requests' ? recordId : undefined,
      });
      return { rows: answer.items, count: answer.total };
    },
  });
  // ?recordId= (spec 1 §2, from a conversation on a narrow screen): that service vehicle is shown even
  // when the list's tab, switches, search or page leave it out.
  const asked = useQuery({
    queryKey: serviceVehicleKeys.detail(recordId ?? 0),
    enabled: kind === 'requests' && recordId !== undefined,
    queryFn: () => svApi.detail(recordId as number),
    retry: false,
  });
  const rows = query.rows;
  const inList = rows.some((row) => row.id === recordId);
  const pinned = !inList && asked.data ? detailAsRow(asked.data) : null;

  // ?recordId= : the record comes first; it is opened (highlighted and focused) once it arrives.
  const opened = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!recordId || opened.current === recordId || !(query.hasData || pinned)) return;
    const link = document.getElementById(`sv-row-${recordId}`);
    if (link) {
      opened.current = recordId;
      link.focus();
      link.scrollIntoView?.({ block: 'nearest' });
    }
  }, [recordId, query.hasData, pinned]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setSearch(searchText.trim());
  };

  const askedFor =
    kind === 'requests' && recordId !== undefined ? (
      pinned ? (
        <section aria-label={`Service vehicle ${recordId}`} style={{ marginBottom: 12 }}>
          <SvRowCard row={pinned} highlighted />
        </section>
      ) : asked.isError ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`Service vehicle ${recordId} was not found`}
        />
      ) : null
    ) : null;

  const list = query.isPending ? (
    <ListSkeleton label={`Loading ${title}`} />
  ) : query.isError ? (
    <Alert type="error" showIcon title={FAILED_TO_LIST_SERVICE_VEHICLES} />
  ) : (
    <>
      <p aria-live="polite" style={{ margin: '0 0 8px' }}>
        {query.count ?? 0} found
      </p>
      {rows.length === 0 ? <EmptyState>{`No ${title} found`}</EmptyState> : null}
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
      {(query.count ?? 0) > PAGE_SIZE ? (
        <Pagination
          style={{ marginTop: 12 }}
          current={page}
          pageSize={PAGE_SIZE}
          total={query.count ?? 0}
          onChange={setPage}
          showSizeChanger={false}
          simple
        />
      ) : null}
    </>
  );

  return (
    <ScreenFrame title={title}>
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
      {askedFor}
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
    </ScreenFrame>
  );
}
