import { FAILED_TO_GET_INVOICES } from '@glass/domain/messages/invoices';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { toastError, withProgress } from '../../api/notices';
import { useDocumentTitle } from '../../shell/document-title';
import { ListSkeleton } from '../../shell/list-skeleton';
import { type FinalizeResult, finalizingFilter, type InvoiceListRow, invoiceListApi } from './list-api';
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
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [result, setResult] = useState<FinalizeResult | null>(null);
  // The find box asks the server (an invoice number, sold to or reference), applied on Enter or Search.
  const [find, setFind] = useState('');
  const [applied, setApplied] = useState('');
  const $filter = finalizingFilter(applied);
  const query = useInfiniteQuery({
    queryKey: ['invoices', 'finalizing', $filter ?? ''],
    initialPageParam: { $filter } as string | { $filter?: string },
    queryFn: ({ pageParam, signal }) => invoiceListApi.finalizing(pageParam, signal),
    getNextPageParam: (last) => last['@odata.nextLink'],
  });
  useEffect(() => {
    if (query.isError) toastError(FAILED_TO_GET_INVOICES);
  }, [query.isError]);

  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.value) ?? [], [query.data]);
  const count = query.data?.pages[0]?.['@odata.count'] ?? rows.length;
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

  const finalize = useMutation({
    mutationFn: (ids: number[]) => withProgress(invoiceListApi.finalize(ids)),
    onSuccess: (outcome) => {
      setResult(outcome);
      toggle(outcome.finalized, false);
      for (const id of outcome.finalized) queryClient.invalidateQueries({ queryKey: ['invoice', id] });
      queryClient.invalidateQueries({ queryKey: ['invoices'] });
    },
  });

  const selectColumn: InvoiceColumn = {
    key: 'select',
    title: 'Select',
    width: 60,
    render: (row) => (
      <input
        type="checkbox"
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
            <input
              type="checkbox"
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
    <section aria-labelledby="screen-title">
      <div className="inv-toolbar">
        <h1 id="screen-title">Finalizing</h1>
        <Button
          type="primary"
          disabled={chosen.length === 0}
          loading={finalize.isPending}
          onClick={() => finalize.mutate(chosen)}
        >
          Finalize selected{chosen.length ? ` (${chosen.length})` : ''}
        </Button>
        <Button onClick={() => query.refetch()} loading={query.isRefetching && !query.isFetchingNextPage}>
          Refresh
        </Button>
      </div>
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
      {query.isLoading ? (
        <ListSkeleton label="Loading Finalizing" />
      ) : query.isError ? (
        <Alert type="error" showIcon title={FAILED_TO_GET_INVOICES} />
      ) : (
        <>
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
            columns={[selectColumn, ...INVOICE_COLUMNS]}
            rowCount={rows.length}
          />
          {query.hasNextPage ? (
            <Button
              style={{ marginTop: 8 }}
              onClick={() => query.fetchNextPage()}
              loading={query.isFetchingNextPage}
            >
              Load more
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
