import { type TableItem, VirtualTable } from '../../../ui/virtual-table';
import type { InvoiceListRow } from './list-api';
import type { InvoiceColumn } from './list-columns';

/** A list entry: an invoice row, or a group heading (the clearing houses of /finalizing). */
export type ListItem = TableItem<InvoiceListRow>;

/** The invoice rows (/invoices, /outstanding-invoices, /finalizing) in the shared virtual table. */
export function InvoiceTable({
  label,
  items,
  columns,
  rowCount,
  empty = 'No invoices',
}: {
  label: string;
  items: ListItem[];
  columns: InvoiceColumn[];
  rowCount?: number;
  empty?: string;
}) {
  return (
    <VirtualTable
      label={label}
      items={items}
      columns={columns}
      rowCount={rowCount}
      rowLabel={(row) => `Invoice ${row.id}`}
      empty={empty}
      testId="invoice-row"
      cardClassName="inv-card"
    />
  );
}
