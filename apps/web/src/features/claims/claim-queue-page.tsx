import type { ClaimQueueRow, ClaimWaitingOn } from '@glass/domain/contracts/claim-submissions';
import { useQuery } from '@tanstack/react-query';
import { type Breakpoint, Button, Segmented, Space, Tag } from 'antd';
import { useState } from 'react';
import { useFailureToast } from '../../query/use-failure-toast';
import { claimKeys } from '../../query/query-keys';
import { useODataList } from '../../query/use-odata-list';
import { useDocumentTitle } from '../../shell/document-title';
import { AppLink } from '../../ui/app-link';
import { DataTable } from '../../ui/data-table';
import { Money } from '../../ui/money';
import { ScreenFrame } from '../../ui/screen-frame';
import { SearchSelect } from '../../ui/search-select';
import { CLAIM_STATE, WAITING_ON } from './claim-labels';
import { type ClaimQueueFilter, claimsApi, FAILED_TO_GET_CLAIM_QUEUE } from './claims-api';

const PAGE = 25;
const WIDE: Breakpoint[] = ['md'];
type Waiting = ClaimWaitingOn | 'all';

/**
 * /claim-queue (issue #35): the claims that wait on someone, oldest first. Waiting on the shop: rejected (fix the
 * invoice and submit it again), denied or short-paid (appeal or write off); waiting on the insurer: sent,
 * acknowledged or accepted and not paid yet. Filtered by clearing house and by rejection reason, each filter
 * counting what it would show.
 */
export function ClaimQueuePage() {
  useDocumentTitle('Claim Queue');
  const [waiting, setWaiting] = useState<Waiting>('shop');
  const [clearingHouseId, setClearingHouseId] = useState<number>();
  const [reasonCode, setReasonCode] = useState<string>();
  const [page, setPage] = useState(1);
  const query: ClaimQueueFilter = {
    ...(waiting === 'all' ? {} : { waitingOn: waiting }),
    ...(clearingHouseId ? { clearingHouseId } : {}),
    ...(reasonCode ? { reasonCode } : {}),
  };
  const filter = JSON.stringify(query);
  const counts = useQuery({ queryKey: claimKeys.counts(filter), queryFn: () => claimsApi.counts(query) });
  useFailureToast(counts.isError, FAILED_TO_GET_CLAIM_QUEUE);
  const list = useODataList<ClaimQueueRow>({
    key: claimKeys.queue(filter),
    path: 'claimQueue',
    top: PAGE,
    page,
    count: true,
    query: { ...query },
    failure: FAILED_TO_GET_CLAIM_QUEUE,
  });
  const c = counts.data;
  const reset = () => setPage(1);
  return (
    <ScreenFrame
      title="Claim Queue"
      style={{ minWidth: 0 }}
      actions={
        <Button onClick={() => Promise.all([list.refetch(), counts.refetch()])} loading={list.isRefetching}>
          Refresh
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 12 }} align="center">
        <Segmented<Waiting>
          aria-label="Waiting on"
          value={waiting}
          onChange={(v) => {
            setWaiting(v);
            reset();
          }}
          options={[
            { value: 'shop', label: `${WAITING_ON.shop} (${c?.waitingOn.shop ?? 0})` },
            { value: 'insurer', label: `${WAITING_ON.insurer} (${c?.waitingOn.insurer ?? 0})` },
            { value: 'all', label: 'All' },
          ]}
        />
        <SearchSelect<number>
          allowClear
          aria-label="Clearing house"
          placeholder="All clearing houses"
          minWidth={220}
          value={clearingHouseId}
          onChange={(v) => {
            setClearingHouseId(v);
            reset();
          }}
          options={(c?.clearingHouses ?? []).map((h) => ({ value: h.id, label: `${h.name} (${h.count})` }))}
        />
        <SearchSelect<string>
          allowClear
          aria-label="Reason"
          placeholder="All reasons"
          minWidth={180}
          value={reasonCode}
          onChange={(v) => {
            setReasonCode(v);
            reset();
          }}
          options={(c?.reasons ?? []).map((r) => ({
            value: r.reasonCode,
            label: `${r.reasonCode} (${r.count})`,
          }))}
        />
        <span role="status" aria-live="polite">
          {list.count !== undefined ? `${list.count} claims` : ''}
        </span>
      </Space>
      <DataTable<ClaimQueueRow>
        label="Claims waiting on someone"
        rowKey="id"
        dataSource={list.rows}
        loading={list.isFetching}
        empty="No claims waiting"
        cardLabel={(r) => `Invoice ${r.invoiceId}`}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: list.count ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'invoice',
            title: 'Invoice',
            width: 100,
            render: (_, r) => (
              <AppLink to={`/invoices/${r.invoiceId}`} aria-label={`Open invoice ${r.invoiceId}`}>
                {r.invoiceId}
              </AppLink>
            ),
          },
          { key: 'age', title: 'Days', width: 70, render: (_, r) => r.ageDays },
          {
            key: 'state',
            title: 'State',
            width: 130,
            render: (_, r) => <Tag color={CLAIM_STATE[r.state].color}>{CLAIM_STATE[r.state].label}</Tag>,
          },
          {
            key: 'reason',
            title: 'Reason',
            render: (_, r) => (r.reasonCode ? `${r.reasonCode}: ${r.reasonText ?? ''}` : ''),
          },
          { key: 'customer', title: 'Customer', dataIndex: 'customerName', responsive: WIDE },
          { key: 'house', title: 'Clearing house', dataIndex: 'clearingHouseName', responsive: WIDE },
          { key: 'insurer', title: 'Insurer', dataIndex: 'insuranceCompanyName', responsive: WIDE },
          {
            key: 'claimed',
            title: 'Claimed',
            width: 110,
            render: (_, r) => <Money value={r.amountClaimed} />,
          },
          {
            key: 'paid',
            title: 'Paid',
            width: 110,
            responsive: WIDE,
            render: (_, r) => <Money value={r.amountPaid} />,
          },
          { key: 'sends', title: 'Sends', width: 70, responsive: WIDE, render: (_, r) => r.sendCount },
        ]}
      />
    </ScreenFrame>
  );
}
