import type { CustomerApprovalRow } from '@glass/domain/contracts/approvals';
import { CUSTOMER_APPROVALS_TITLE, FAILED_TO_GET_APPROVALS } from '@glass/domain/messages/approvals';
import {
  APPROVAL_CHANNEL_LABELS,
  APPROVAL_STATE_LABELS,
  APPROVAL_STATES,
  type ApprovalState,
} from '@glass/domain/rules/approvals';
import { csvFileName, toCsv } from '@glass/domain/rules/csv';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { formatPhone } from '../../ui/phone';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { type Breakpoint, Button } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { withProgress } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { odataFilter } from '../../query/odata-filter';
import { approvalKeys } from '../../query/query-keys';
import { useODataList } from '../../query/use-odata-list';
import { useDocumentTitle } from '../../shell/document-title';
import { AppLink } from '../../ui/app-link';
import { DataTable } from '../../ui/data-table';
import { DateRangeField } from '../../ui/date-fields';
import { Filter, FilterBar } from '../../ui/filter-bar';
import { LoadState, ScreenFrame } from '../../ui/screen-frame';
import { SearchSelect } from '../../ui/search-select';
import { approvalsApi, useLiveApprovals } from './api';
import { ApprovalStateTag } from './state-tag';

const PAGE_SIZE = 50;
/** Columns left out on phones (375 px): the cards keep the invoice, customer, state and when. */
const WIDE: Breakpoint[] = ['md'];
const ANY = { value: '', label: 'Any' };

const sentTo = (row: CustomerApprovalRow) => (row.channel === 'sms' ? formatPhone(row.sentTo) : row.sentTo);

interface Filters {
  state: string;
  facilityId: string;
  from: string;
  to: string;
}

/** The list's $filter from the screen's filters (days are the browser's calendar days). */
function buildFilter(f: Filters): string | undefined {
  const filter = odataFilter<CustomerApprovalRow>();
  if (f.state) filter.eq('state', f.state as ApprovalState);
  if (f.facilityId) filter.eq('facilityId', Number(f.facilityId));
  filter.between(
    'sentAt',
    f.from ? dayjs(f.from).startOf('day').toISOString() : undefined,
    f.to ? dayjs(f.to).endOf('day').toISOString() : undefined,
  );
  return filter.build();
}

const CSV_HEADER = [
  'Invoice',
  'Customer',
  'Facility',
  'Channel',
  'Sent to',
  'Sent',
  'Viewed',
  'Answered',
  'State',
  'Comments',
  'Requested by',
];

/**
 * /customer-approvals: every approval request with its invoice, customer, channel, sent, viewed, answered,
 * state and requester; filters by state, facility and date; each opens its invoice; CSV export of the
 * filtered list. A customer's answer shows without a reload (the requester's alert refreshes the list).
 */
export function ApprovalsPage() {
  useDocumentTitle(CUSTOMER_APPROVALS_TITLE);
  useLiveApprovals();
  const { facilities } = useSessionState();
  const [filters, setFilters] = useState<Filters>({ state: '', facilityId: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const filter = useMemo(() => buildFilter(filters), [filters]);
  const query = useODataList<CustomerApprovalRow>({
    key: approvalKeys.list(filter),
    path: 'customerApprovals',
    top: PAGE_SIZE,
    page,
    count: true,
    query: { $filter: filter },
    failure: FAILED_TO_GET_APPROVALS,
  });
  const change = (patch: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await withProgress(approvalsApi.all(filter), 'Export ready');
      const csv = toCsv(
        CSV_HEADER,
        rows.map((r) => [
          r.invoiceId,
          r.customerName,
          r.facilityShortName,
          APPROVAL_CHANNEL_LABELS[r.channel],
          sentTo(r),
          formatDateTime(r.sentAt),
          formatDateTime(r.pageViewedAt),
          formatDateTime(r.responseReceivedAt),
          APPROVAL_STATE_LABELS[r.state],
          r.responseComments,
          r.requestedBy,
        ]),
      );
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = Object.assign(document.createElement('a'), {
        href: url,
        download: csvFileName(CUSTOMER_APPROVALS_TITLE),
      });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      // withProgress showed the failure.
    } finally {
      setExporting(false);
    }
  };

  return (
    <ScreenFrame
      title={CUSTOMER_APPROVALS_TITLE}
      style={{ minWidth: 0 }}
      actions={
        <Button
          icon={<DownloadOutlined aria-hidden />}
          onClick={exportCsv}
          loading={exporting}
          disabled={!query.rows.length}
        >
          Export CSV
        </Button>
      }
    >
      <FilterBar label="Approval filters">
        <Filter label="State" htmlFor="approval-filter-state">
          <SearchSelect<string>
            id="approval-filter-state"
            value={filters.state}
            onChange={(state) => change({ state: state ?? '' })}
            options={[ANY, ...APPROVAL_STATES.map((s) => ({ value: s, label: APPROVAL_STATE_LABELS[s] }))]}
          />
        </Filter>
        <Filter label="Facility" htmlFor="approval-filter-facility">
          <SearchSelect<string>
            id="approval-filter-facility"
            minWidth={160}
            value={filters.facilityId}
            onChange={(facilityId) => change({ facilityId: facilityId ?? '' })}
            options={[ANY, ...facilities.map((f) => ({ value: String(f.id), label: f.name }))]}
          />
        </Filter>
        <Filter label="Sent" htmlFor="approval-filter-sent">
          <DateRangeField
            id="approval-filter-sent"
            aria-label="Sent between"
            from={filters.from}
            to={filters.to}
            onChange={(from, to) => change({ from, to })}
          />
        </Filter>
      </FilterBar>
      <LoadState
        loading={query.isPending}
        failed={query.isError && !query.hasData}
        failure={FAILED_TO_GET_APPROVALS}
        label={`Loading ${CUSTOMER_APPROVALS_TITLE}`}
      >
        <DataTable<CustomerApprovalRow>
          label={CUSTOMER_APPROVALS_TITLE}
          rowKey="id"
          dataSource={query.rows}
          loading={query.isFetching}
          empty="No approvals found"
          cardLabel={(row) => `Invoice ${row.invoiceId}, ${row.customerName ?? ''}`}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: query.count ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            {
              key: 'invoice',
              title: 'Invoice',
              width: 100,
              render: (_, row) => (
                <AppLink to={`/invoices/${row.invoiceId}`} aria-label={`Open invoice ${row.invoiceId}`}>
                  {row.invoiceId}
                </AppLink>
              ),
            },
            { key: 'customer', title: 'Customer', dataIndex: 'customerName' },
            {
              key: 'state',
              title: 'State',
              width: 110,
              render: (_, row) => <ApprovalStateTag state={row.state} />,
            },
            {
              key: 'channel',
              title: 'Channel',
              width: 90,
              responsive: WIDE,
              render: (_, row) => APPROVAL_CHANNEL_LABELS[row.channel],
            },
            { key: 'to', title: 'Sent to', responsive: WIDE, render: (_, row) => sentTo(row) },
            { key: 'sent', title: 'Sent', width: 170, render: (_, row) => formatDateTime(row.sentAt) },
            {
              key: 'viewed',
              title: 'Viewed',
              width: 170,
              responsive: WIDE,
              render: (_, row) => formatDateTime(row.pageViewedAt),
            },
            {
              key: 'answered',
              title: 'Answered',
              width: 170,
              render: (_, row) => formatDateTime(row.responseReceivedAt),
            },
            {
              key: 'facility',
              title: 'Facility',
              width: 90,
              responsive: WIDE,
              dataIndex: 'facilityShortName',
            },
            { key: 'requestedBy', title: 'Requested by', responsive: WIDE, dataIndex: 'requestedBy' },
          ]}
        />
      </LoadState>
    </ScreenFrame>
  );
}
