import { FAILED_TO_GET_INVOICES } from '@glass/domain/messages/invoices';
import { Alert, Button, Checkbox, Input } from 'antd';
import { useMemo, useState } from 'react';
import { claimKeys, invoiceKeys } from '../../../query/query-keys';
import { useODataList } from '../../../query/use-odata-list';
import { useRefreshingMutation } from '../../../query/use-write';
import { useDocumentTitle } from '../../../shell/document-title';
import { LoadState, ScreenFrame } from '../../../ui/screen-frame';
import {
  type FinalizeResult,
  finalizingFilter,
  type InvoiceListRow,
  invoiceListApi,
  invoiceLists,
} from './list-api';
import { INVOICE_COLUMNS, type InvoiceColumn } from './list-columns';
import { InvoiceTable, type ListItem } from './list-table';

const NO_CLEARING_HOUSE = 'No clearing house';

interface Group {
  key: string;
  name: string;
  ids: number[];
  rows: InvoiceListRow[];
}

/** The loaded rows by clearing house, each group in the server's order (oldest submission first). */
function groupRows(rows: InvoiceListRow[]): Group[] {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const key = String(row.clearingHouse?.id ?? 'none');
    let group = groups.get(key);
    if (!group) {
      group = { key, name: row.clearingHouse?.name || NO_CLEARING_HOUSE, ids: [], rows: [] };
      groups.set(key, group);
    }
    group.ids.push(row.id);
    group.rows.push(row);
  }
  return [...groups.values()];
}

/** /finalizing: submitted, not yet finalized invoices by clearing house; finalize a selection at once. */
export function FinalizingPage() {
  useDocumentTitle('Finalizing');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [result, setResult] = useState<FinalizeResult | null>(null);
  // The find box asks the server (an invoice number, sold to or reference), applied on Enter or Search.
  const [find, setFind] = useState('');
  const [applied, setApplied] = useState('');
  const $filter = finalizingFilter(applied);
  const list = useODataList<InvoiceListRow>({
    ...invoiceLists.finalizing($filter),
    failure: FAILED_TO_GET_INVOICES,
  });
  const { rows } = list;
  const count = list.count ?? rows.length;
  const groups = useMemo(() => groupRows(rows), [rows]);
  // Only invoices still listed count as selected (a refresh may have taken some away).
  const chosen = rows.filter((row) => selected.has(row.id)).map((row) => row.id);

  const toggle = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const finalize = useRefreshingMutation({
    mutationFn: (ids: number[]) => invoiceListApi.finalize(ids),
    onSuccess: (outcome) => {
      setResult(outcome);
      toggle(outcome.finalized, false);
    },
    // Every invoice list, the detail of each invoice finalized, and the claim queue (finalizing sends claims).
    refresh: (outcome) => [
      invoiceKeys.lists,
      claimKeys.all,
      ...outcome.finalized.map((id) => invoiceKeys.detail(id)),
    ],
  });

  const selectColumn: InvoiceColumn = {
    key: 'select',
    title: 'Select',
    width: 56,
    render: (row) => (
      <Checkbox
        aria-label={`Select invoice ${row.id}`}
        checked={selected.has(row.id)}
        onChange={(e) => toggle([row.id], e.target.checked)}
      />
    ),
  };
  const items: ListItem[] = groups.flatMap((group) => {
    const all = group.ids.every((id) => selected.has(id));
    return [
      {
        key: `group-${group.key}`,
        heading: (
          <h2>
            <Checkbox
              aria-label={`Select all of ${group.name}`}
              checked={all}
              onChange={(e) => toggle(group.ids, e.target.checked)}
            />
            {group.name} ({group.rows.length})
          </h2>
        ),
      },
      ...group.rows.map((row) => ({ key: String(row.id), row })),
    ];
  });

  return (
    <ScreenFrame
      title="Finalizing"
      actions={
        <>
          <Button
            type="primary"
            disabled={chosen.length === 0}
            loading={finalize.isPending}
            onClick={() => finalize.mutate(chosen)}
          >
            Finalize selected{chosen.length ? ` (${chosen.length})` : ''}
          </Button>
          <Button onClick={() => list.refetch()} loading={list.isRefetching}>
            Refresh
          </Button>
        </>
      }
    >
      {result ? (
        <Alert
          style={{ marginBottom: 8 }}
          type={result.refused.length ? 'warning' : 'success'}
          showIcon
          closable={{ 'aria-label': 'Close result' }}
          onClose={() => setResult(null)}
          title={`${result.finalized.length} finalized, ${result.refused.length} refused`}
          description={
            result.refused.length ? (
              <ul aria-label="Refused invoices" style={{ margin: 0, paddingLeft: 18 }}>
                {result.refused.map((refusal) => (
                  <li key={refusal.id}>
                    Invoice {refusal.id}: {refusal.message}
                  </li>
                ))}
              </ul>
            ) : undefined
          }
        />
      ) : null}
      <LoadState
        loading={list.isLoading}
        failed={list.isError}
        failure={FAILED_TO_GET_INVOICES}
        label="Loading Finalizing"
      >
        <Input.Search
          aria-label="Find by invoice number, sold to or reference"
          placeholder="Invoice #, sold to or reference"
          allowClear
          value={find}
          onChange={(e) => {
            setFind(e.target.value);
            if (!e.target.value) setApplied('');
          }}
          onSearch={(value) => setApplied(value)}
          style={{ maxWidth: 360, marginBottom: 8 }}
        />
        <p aria-live="polite" style={{ margin: '0 0 8px' }}>
          {count} to finalize{count > rows.length ? `, ${rows.length} shown` : ''}
          {chosen.length ? `, ${chosen.length} selected` : ''}
        </p>
        <InvoiceTable
          label="Invoices to finalize"
          items={items}
          columns={[selectColumn, ...INVOICE_COLUMNS.filter((column) => column.key !== 'staff')]}
          rowCount={rows.length}
          empty="No invoices to finalize"
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
