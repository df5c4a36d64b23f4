import { FAILED_TO_GET_INVOICES } from '@glass/domain/messages/invoices';
import { Button, Pagination } from 'antd';
import { useMemo, useState } from 'react';
import { useODataList } from '../../../query/use-odata-list';
import { useDocumentTitle } from '../../../shell/document-title';
import { LoadState, ScreenFrame } from '../../../ui/screen-frame';
import { type InvoiceListRow, invoiceLists, OUTSTANDING_TOP } from './list-api';
import { INVOICE_COLUMNS, REASON_COLUMN } from './list-columns';
import { InvoiceTable } from './list-table';

// The reason beside the number; staff left out so the table still fits a 1280 px screen.
const [NUMBER_COLUMN, ...OTHER_COLUMNS] = INVOICE_COLUMNS;
const COLUMNS = [NUMBER_COLUMN, REASON_COLUMN, ...OTHER_COLUMNS.filter((column) => column.key !== 'staff')];

/** /outstanding-invoices: invoices with unpaid or missing-reference payments (spec 2 §5), 25 a page. */
export function OutstandingInvoicesPage() {
  useDocumentTitle('Outstanding Invoices');
  const [page, setPage] = useState(1);
  const list = useODataList<InvoiceListRow>({
    ...invoiceLists.outstanding(),
    page,
    failure: FAILED_TO_GET_INVOICES,
  });
  const items = useMemo(() => list.rows.map((row) => ({ key: String(row.id), row })), [list.rows]);
  const count = list.count ?? items.length;

  return (
    <ScreenFrame
      title="Outstanding Invoices"
      actions={
        <Button onClick={() => list.refetch()} loading={list.isFetching && !list.isLoading}>
          Refresh
        </Button>
      }
    >
      <LoadState
        loading={list.isLoading}
        failed={list.isError}
        failure={FAILED_TO_GET_INVOICES}
        label="Loading Outstanding Invoices"
      >
        <p aria-live="polite" style={{ margin: '0 0 8px' }}>
          {count} outstanding
        </p>
        <InvoiceTable
          label="Outstanding invoices list"
          items={items}
          columns={COLUMNS}
          rowCount={count}
          empty="No outstanding invoices"
        />
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
      </LoadState>
    </ScreenFrame>
  );
}
