import { PhoneOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router-dom';
import type {
  CustomerMatch,
  InvoiceSearchRow,
  PhoneLookupResult,
  ServiceVehicleSearchRow as ServiceVehicleRow,
} from '@glass/domain/contracts';
import { useSessionState } from '../../api/use-session';
import { personName } from '../../shell/format';
import { useNarrow } from '../../ui/use-narrow';
import { formatPhone } from '../../ui/phone';
import {
  firstPhone,
  invoiceColumns,
  invoicePath,
  serviceVehicleColumns,
  serviceVehiclePath,
} from '../search';
import { placeCall } from './phone-call';

interface Props {
  open: boolean;
  phone: string;
  result: PhoneLookupResult;
  onClose: () => void;
}

const pick = <T,>(columns: TableColumnsType<T>, keys: string[]) =>
  columns.filter((column) => keys.includes(String(column.key)));

/** Phone dialog (spec 1 §2): customers, service vehicles and invoices matching a phone; open or call. */
export function PhoneDialog({ open, phone, result, onClose }: Props) {
  const navigate = useNavigate();
  const narrow = useNarrow();
  const { user } = useSessionState();
  const facilityId = user?.facility?.id;

  const callButton = (number: string | null | undefined, who: string) =>
    number ? (
      <Button
        size="small"
        icon={<PhoneOutlined />}
        aria-label={`Call ${who} at ${formatPhone(number)}`}
        onClick={() => void placeCall(number, facilityId)}
      >
        Call
      </Button>
    ) : null;

  const actions = <T extends ServiceVehicleRow | InvoiceSearchRow>(
    toPath: (id: number) => string,
    noun: string,
  ) => ({
    title: 'Actions',
    key: 'actions',
    render: (_: unknown, row: T) => (
      <Space>
        <Button
          size="small"
          aria-label={`Open ${noun} ${row.id}`}
          onClick={() => {
            onClose();
            navigate(toPath(row.id));
          }}
        >
          Open
        </Button>
        {callButton(firstPhone(row), `${noun} ${row.id}`)}
      </Space>
    ),
  });

  const customerColumns: TableColumnsType<CustomerMatch> = [
    { title: 'Name', key: 'name', render: (_, row) => personName(row) },
    { title: 'Primary Phone', key: 'primary', render: (_, row) => formatPhone(row.primaryPhone) },
    { title: 'Secondary Phone', key: 'secondary', render: (_, row) => formatPhone(row.secondaryPhone) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, row) => (
        <Space>
          {callButton(row.primaryPhone, personName(row))}
          {callButton(row.secondaryPhone, `${personName(row)} (secondary)`)}
        </Space>
      ),
    },
  ];

  const section = <T extends { id: number }>(title: string, rows: T[], columns: TableColumnsType<T>) => (
    <section key={title}>
      <h2 style={{ fontSize: 16 }}>{`${title} (${rows.length})`}</h2>
      {rows.length ? (
        <Table<T>
          rowKey="id"
          size="small"
          pagination={false}
          // A fixed-height body always shows a vertical scrollbar track: only for a list taller than it.
          scroll={{ x: 'max-content', y: rows.length > 5 ? 240 : undefined }}
          dataSource={rows}
          columns={columns}
        />
      ) : (
        <p>None</p>
      )}
    </section>
  );

  return (
    <Modal
      open={open}
      title={`Phone: ${formatPhone(phone)}`}
      width={narrow ? '100%' : 900}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {section('Customers', result.customers, customerColumns)}
      {section('Service Vehicles', result.serviceVehicles, [
        actions<ServiceVehicleRow>(serviceVehiclePath, 'service vehicle'),
        ...pick(serviceVehicleColumns, ['id', 'vehicle', 'customer', 'phones', 'ro', 'facility', 'created']),
      ])}
      {section('Invoices', result.invoices, [
        actions<InvoiceSearchRow>(invoicePath, 'invoice'),
        ...pick(invoiceColumns, ['id', 'customer', 'phone', 'vehicle', 'facility', 'opened', 'status']),
      ])}
    </Modal>
  );
}
