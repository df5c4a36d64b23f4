import { FAILED_TO_GET_INVOICES } from '@glass/domain/messages/invoices';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Pagination } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { toastError } from '../../api/notices';
import { useDocumentTitle } from '../../shell/document-title';
import { ListSkeleton } from '../../shell/list-skeleton';
import { invoiceListApi, OUTSTANDING_TOP } from './list-api';
import { INVOICE_COLUMNS, REASON_COLUMN } from './list-columns';
import { InvoiceTable } from './list-table';

const [NUMBER_COLUMN, ...OTHER_COLUMNS] = INVOICE_COLUMNS;
const COLUMNS = [NUMBER_COLUMN, REASON_COLUMN, ...OTHER_COLUMNS];

/** /outstanding-invoices: invoices with unpaid or missing-reference payments (spec 2 §5), 25 a page. */
export function OutstandingInvoicesPage() {
  useDocumentTitle('Outstanding Invoices');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['invoices', 'outstanding', page],
    queryFn: ({ signal }) => invoiceListApi.outstanding(page, signal),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (query.isError) toastError(FAILED_TO_GET_INVOICES);
  }, [query.isError]);
  const items = useMemo(
    () => (query.data?.value ?? []).map((row) => ({ key: String(row.id), row })),
    [query.data],
  );
  const count = query.data?.['@odata.count'] ?? items.length;

  return (
    <section aria-labelledby="screen-title">
      <div className="inv-toolbar">
        <h1 id="screen-title">Outstanding Invoices</h1>
        <Button onClick={() => query.refetch()} loading={query.isFetching && !query.isLoading}>
          Refresh
        </Button>
      </div>
      {query.isLoading ? (
        <ListSkeleton label="Loading Outstanding Invoices" />
      ) : query.isError ? (
        <Alert type="error" showIcon title={FAILED_TO_GET_INVOICES} />
      ) : (
        <>
          <p aria-live="polite" style={{ margin: '0 0 8px' }}>
            {count} outstanding
          </p>
          <InvoiceTable label="Outstanding invoices list" items={items} columns={COLUMNS} rowCount={count} />
          {count > OUTSTANDING_TOP ? (
            <Pagination
              style={{ marginTop: 12 }}
              current={page}
              pageSize={OUTSTANDING_TOP}
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
