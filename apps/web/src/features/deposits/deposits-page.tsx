import { paymentTypeLabel, transactionTypeLabel } from '@glass/domain/enums';
import { FAILED_TO_GET_DEPOSITS } from '@glass/domain/messages/reconcile';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { Button } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { showError } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { useODataList } from '../../query/use-odata-list';
import { useDocumentTitle } from '../../shell/document-title';
import { formatFacilityDateTime } from '../../shell/facility-time';
import { AppLink } from '../../ui/app-link';
import { type DataColumn, DataTable } from '../../ui/data-table';
import { DateRangeField } from '../../ui/date-fields';
import { Filter, FilterBar } from '../../ui/filter-bar';
import { Money } from '../../ui/money';
import { LoadState, ScreenFrame } from '../../ui/screen-frame';
import { SearchSelect } from '../../ui/search-select';
import {
  type DepositFilters,
  type DepositItem,
  type DepositRow,
  depositFilter,
  depositList,
  openDepositSlip,
} from './deposits-api';

const ANY = { value: '', label: 'Any' };

const openSlip = (id: number) => openDepositSlip(id).catch((error) => showError(error));

/** The items of one deposit (spec 2 §3 DepositInvoice "deposits"), shown when its row is expanded. */
function DepositItems({ deposit }: { deposit: DepositRow }) {
  const columns: DataColumn<DepositItem>[] = [
    {
      key: 'invoiceId',
      title: 'Invoice #',
      width: 90,
      render: (_, item) => <AppLink to={`/invoices/${item.invoiceId}`}>{item.invoiceId}</AppLink>,
    },
    { key: 'buyerName', title: 'Buyer', dataIndex: 'buyerName' },
    { key: 'vehicle', title: 'Vehicle', dataIndex: 'vehicle' },
    { key: 'insurer', title: 'Insurance company', dataIndex: 'insuranceCompanyName' },
    { key: 'clearingHouse', title: 'Clearing house', dataIndex: 'clearingHouseName' },
    {
      key: 'payment',
      title: 'Payment',
      width: 110,
      render: (_, item) => paymentTypeLabel(item.paymentTypeId),
    },
    { key: 'type', title: 'Item type', width: 90, render: (_, item) => transactionTypeLabel(item.itemType) },
    {
      key: 'labor',
      title: 'Labor',
      width: 90,
      align: 'right',
      render: (_, item) => <Money value={item.laborCost} />,
    },
    {
      key: 'parts',
      title: 'Parts',
      width: 90,
      align: 'right',
      render: (_, item) => <Money value={item.partsCost} />,
    },
    {
      key: 'tax',
      title: 'Tax',
      width: 80,
      align: 'right',
      render: (_, item) => <Money value={item.taxCost} />,
    },
    {
      key: 'total',
      title: 'Total',
      width: 96,
      align: 'right',
      render: (_, item) => <Money value={item.totalCost} />,
    },
  ];
  return (
    <DataTable<DepositItem>
      label={`Invoices of deposit ${deposit.id}`}
      rowKey="id"
      columns={columns}
      dataSource={deposit.deposits ?? []}
      pagination={false}
      empty="No invoices"
    />
  );
}

/** /deposits (issue #20): deposits newest first, by date, facility and creator; each with its items and slip. */
export function DepositsPage() {
  useDocumentTitle('Deposits');
  const { facilities, employeeList } = useSessionState();
  const [params, setParams] = useSearchParams();
  const values: DepositFilters = {
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    facility: params.get('facility') ?? '',
    createdBy: params.get('createdBy') ?? '',
  };
  const filter = depositFilter(values);
  const set = (patch: DepositFilters) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };
  const list = useODataList<DepositRow>({ ...depositList(filter), failure: FAILED_TO_GET_DEPOSITS });
  const people = useMemo(
    () =>
      [...employeeList]
        .sort((a, b) => a.lastName.localeCompare(b.lastName))
        .map((e) => ({ value: String(e.id), label: `${e.firstName} ${e.lastName}` })),
    [employeeList],
  );

  const columns: DataColumn<DepositRow>[] = [
    { key: 'id', title: 'Deposit #', width: 100, dataIndex: 'id' },
    {
      key: 'createdAt',
      title: 'Created',
      width: 170,
      render: (_, d) =>
        d.facilityId ? formatFacilityDateTime(d.createdAt, d.facilityId) : formatDateTime(d.createdAt),
    },
    { key: 'facility', title: 'Facility', dataIndex: 'facilityName' },
    { key: 'createdBy', title: 'Created by', dataIndex: 'createdBy' },
    { key: 'itemCount', title: 'Invoices', width: 90, align: 'right', dataIndex: 'itemCount' },
    {
      key: 'total',
      title: 'Total',
      width: 120,
      align: 'right',
      render: (_, d) => (
        <strong>
          <Money value={d.total} />
        </strong>
      ),
    },
    {
      key: 'slip',
      title: 'Slip',
      width: 130,
      render: (_, d) => (
        <Button size="small" aria-label={`Deposit slip ${d.id}`} onClick={() => openSlip(d.id)}>
          Deposit slip
        </Button>
      ),
    },
  ];

  return (
    <ScreenFrame
      title="Deposits"
      actions={
        <>
          <Button onClick={() => setParams(new URLSearchParams())}>Reset filters</Button>
          <Button onClick={() => list.refetch()} loading={list.isRefetching}>
            Refresh
          </Button>
        </>
      }
    >
      <FilterBar>
        <Filter label="Created" htmlFor="dep-filter-dates">
          <DateRangeField
            id="dep-filter-dates"
            aria-label="Created from and to"
            from={values.from}
            to={values.to}
            onChange={(from, to) => set({ from, to })}
          />
        </Filter>
        <Filter label="Facility" htmlFor="dep-filter-facility">
          <SearchSelect<string>
            id="dep-filter-facility"
            value={values.facility ?? ''}
            onChange={(facility) => set({ facility: facility ?? '' })}
            options={[ANY, ...facilities.map((f) => ({ value: String(f.id), label: f.shortName || f.name }))]}
          />
        </Filter>
        <Filter label="Created by" htmlFor="dep-filter-creator">
          <SearchSelect<string>
            id="dep-filter-creator"
            minWidth={160}
            value={values.createdBy ?? ''}
            onChange={(createdBy) => set({ createdBy: createdBy ?? '' })}
            options={[ANY, ...people]}
          />
        </Filter>
      </FilterBar>
      <LoadState
        loading={list.isLoading}
        failed={list.isError}
        failure={FAILED_TO_GET_DEPOSITS}
        label="Loading Deposits"
      >
        <p aria-live="polite" style={{ margin: '8px 0' }}>
          {list.count ?? list.rows.length} {list.count === 1 ? 'deposit' : 'deposits'}
          {list.count !== undefined && list.count > list.rows.length ? `, ${list.rows.length} shown` : ''}
        </p>
        <DataTable<DepositRow>
          label="Deposits"
          rowKey="id"
          columns={columns}
          dataSource={list.rows}
          pagination={false}
          empty="No deposits match these filters"
          cardLabel={(d) => `Deposit ${d.id}`}
          expandable={{
            expandedRowRender: (d) => <DepositItems deposit={d} />,
            expandRowByClick: false,
          }}
        />
        {list.hasMore ? (
          <Button style={{ marginTop: 8 }} onClick={() => list.loadMore()} loading={list.isLoadingMore}>
            Load more
          </Button>
        ) : null}
      </LoadState>
    </ScreenFrame>
  );
}
