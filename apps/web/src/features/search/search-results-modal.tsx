import { findResultTitle } from '@glass/domain/messages/search';
import { CLOSE } from '@glass/domain/messages/shell';
import { Button, Modal, Table } from 'antd';
import type {
  InvoiceSearchRow,
  SearchResult,
  ServiceVehicleSearchRow as ServiceVehicleRow,
} from '@glass/domain/contracts';
import { useNarrow } from '../../ui/use-narrow';
import { invoiceColumns, invoicePath, serviceVehicleColumns, serviceVehiclePath } from './record-columns';

// A fixed-height body always shows a vertical scrollbar track, so only a list taller than it gets one.
const scrollFor = (rows: number) => ({ x: 'max-content' as const, y: rows > 7 ? 320 : undefined });

interface Props {
  result: SearchResult | null;
  onOpen: (path: string) => void;
  onClose: () => void;
}

/** The results modal of global search (spec 1 §2); shown for zero or several results. */
export function SearchResultsModal({ result, onOpen, onClose }: Props) {
  const narrow = useNarrow();
  const count = result ? result.invoices.length + result.serviceVehicles.length : 0;
  const open = (path: string) => () => onOpen(path);
  const openColumn = <T extends { id: number }>(toPath: (id: number) => string, noun: string) => ({
    title: 'Open',
    key: 'open',
    fixed: 'left' as const,
    render: (_: unknown, row: T) => (
      <Button size="small" onClick={open(toPath(row.id))} aria-label={`Open ${noun} ${row.id}`}>
        Open
      </Button>
    ),
  });

  return (
    <Modal
      open={result !== null}
      title={findResultTitle(count)}
      width={narrow ? '100%' : 1000}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{CLOSE}</Button>}
    >
      {result && result.invoices.length > 0 && (
        <>
          <h2 style={{ fontSize: 16 }}>Invoices</h2>
          <Table<InvoiceSearchRow>
            rowKey="id"
            size="small"
            pagination={false}
            scroll={scrollFor(result.invoices.length)}
            dataSource={result.invoices}
            columns={[openColumn<InvoiceSearchRow>(invoicePath, 'invoice'), ...invoiceColumns]}
          />
        </>
      )}
      {result && result.serviceVehicles.length > 0 && (
        <>
          <h2 style={{ fontSize: 16 }}>Service Vehicles</h2>
          <Table<ServiceVehicleRow>
            rowKey="id"
            size="small"
            pagination={false}
            scroll={scrollFor(result.serviceVehicles.length)}
            dataSource={result.serviceVehicles}
            columns={[
              openColumn<ServiceVehicleRow>(serviceVehiclePath, 'service vehicle'),
              ...serviceVehicleColumns,
            ]}
          />
        </>
      )}
      {count === 0 && <p>No records match the search.</p>}
    </Modal>
  );
}
