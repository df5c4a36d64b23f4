import type { PendingAuditRow } from '@glass/domain/contracts';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { useQuery } from '@tanstack/react-query';
import { type Breakpoint, Button, Input, Space } from 'antd';
import { useState } from 'react';
import { auditKeys } from '../../query/query-keys';
import { useODataList } from '../../query/use-odata-list';
import { useDocumentTitle } from '../../shell/document-title';
import { DataTable } from '../../ui/data-table';
import { Money } from '../../ui/money';
import { ScreenFrame } from '../../ui/screen-frame';
import { AuditDrawer } from './audit-drawer';
import { auditsApi } from './audits-api';
import { SearchSelect } from '../../ui/search-select';

const PAGE = 25;
const WIDE: Breakpoint[] = ['md'];
export const FAILED_TO_GET_PENDING_AUDITS = 'Failed to get Pending Audits';

/** /pending-audits: submitted invoices to check before they go out, oldest first, with counts per facility. */
export function PendingAuditsPage() {
  useDocumentTitle('Pending Audits');
  const [facilityId, setFacilityId] = useState<number>();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [find, setFind] = useState<number>();
  const filters = [facilityId ? `facilityId eq ${facilityId}` : '', find ? `id eq ${find}` : ''].filter(
    Boolean,
  );
  const counts = useQuery({ queryKey: auditKeys.counts, queryFn: auditsApi.counts });
  const list = useODataList<PendingAuditRow>({
    key: auditKeys.queueFind(facilityId, find),
    path: 'PendingAudits',
    top: PAGE,
    page,
    count: true,
    query: filters.length ? { $filter: filters.join(' and ') } : undefined,
    failure: FAILED_TO_GET_PENDING_AUDITS,
  });
  return (
    <ScreenFrame
      title="Pending Audits"
      style={{ minWidth: 0 }}
      actions={
        <Button onClick={() => Promise.all([list.refetch(), counts.refetch()])} loading={list.isRefetching}>
          Refresh
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 12 }} align="center">
        <SearchSelect<number>
          allowClear
          aria-label="Show facility"
          placeholder={`All facilities (${counts.data?.total ?? 0})`}
          minWidth={240}
          value={facilityId}
          onChange={(v) => {
            setFacilityId(v);
            setPage(1);
          }}
          options={(counts.data?.facilities ?? []).map((f) => ({
            value: f.facilityId,
            label: `${f.facilityName} (${f.count})`,
          }))}
        />
        <Input.Search
          aria-label="Find invoice number"
          placeholder="Invoice #"
          allowClear
          inputMode="numeric"
          style={{ width: 180 }}
          onSearch={(value) => {
            const n = Number(value.trim());
            setFind(Number.isInteger(n) && n > 0 ? n : undefined);
            setPage(1);
          }}
        />
        <span role="status" aria-live="polite">
          {counts.data ? `${counts.data.total} waiting in ${counts.data.facilities.length} facilities` : ''}
        </span>
      </Space>
      <DataTable<PendingAuditRow>
        label="Invoices waiting for their audit"
        rowKey="id"
        dataSource={list.rows}
        loading={list.isFetching}
        empty="No invoices waiting for an audit"
        cardLabel={(r) => `Invoice ${r.id}`}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: list.count ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'id',
            title: 'Invoice',
            width: 110,
            render: (_, r) => (
              <Button
                type="link"
                style={{ padding: 0 }}
                onClick={() => setOpen(r.id)}
                aria-label={`Audit invoice ${r.id}`}
              >
                {r.id}
              </Button>
            ),
          },
          {
            key: 'submitted',
            title: 'Submitted',
            width: 160,
            render: (_, r) => formatDateTime(r.submittedAt),
          },
          { key: 'facility', title: 'Facility', render: (_, r) => r.facility.shortName, responsive: WIDE },
          { key: 'soldTo', title: 'Sold to', dataIndex: 'soldTo' },
          { key: 'leadTech', title: 'Lead technician', dataIndex: 'leadTech', responsive: WIDE },
          { key: 'total', title: 'Total', width: 110, render: (_, r) => <Money value={r.totalCost} /> },
        ]}
      />
      <AuditDrawer invoiceId={open} onClose={() => setOpen(null)} />
    </ScreenFrame>
  );
}
