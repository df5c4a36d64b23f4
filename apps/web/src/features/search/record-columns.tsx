import { paymentTypeLabel, repairOrderStatusLabel, thumbLabel } from '@glass/domain/enums';
import { repairType } from '@glass/domain/rules/repair-type';
import type { TableColumnsType } from 'antd';
import type { InvoiceSearchRow, PersonName, ServiceVehicleRow } from '../../api/types';
import { facilityText, formatDateTime, personName, vehicleText } from '../../shell/format';

export const invoicePath = (id: number) => `/invoices/${id}`;
export const serviceVehiclePath = (id: number) => `/service-vehicles/${id}`;

// The rows accept both the nested shapes of spec 1 §3 and the flat ones the list endpoints answer with.

const invoiceCustomer = (row: InvoiceSearchRow) =>
  (typeof row.customer === 'string' ? row.customer : personName(row.customer as PersonName | null)) ||
  (row.soldTo ?? '');

const invoiceStatus = (row: InvoiceSearchRow) =>
  [row.void && 'Void', row.lost && 'Lost', row.replacement ? 'Replacement' : 'Repair']
    .filter(Boolean)
    .join(', ');

const addressText = (address: InvoiceSearchRow['serviceAddress']) =>
  typeof address === 'string'
    ? address
    : [address?.line1, address?.city, address?.state, address?.zip].filter(Boolean).join(', ');

/** Spec 1 §3 "Invoice (search fields)". */
export const invoiceColumns: TableColumnsType<InvoiceSearchRow> = [
  { title: 'Invoice', dataIndex: 'id', key: 'id' },
  { title: 'Facility', key: 'facility', render: (_, row) => facilityText(row.facility) },
  { title: 'Customer', key: 'customer', render: (_, row) => invoiceCustomer(row) },
  { title: 'Phone', key: 'phone', render: (_, row) => firstPhone(row) },
  { title: 'Vehicle', key: 'vehicle', render: (_, row) => vehicleText(row.vehicleDetails) },
  {
    title: 'Service Vehicle',
    key: 'sv',
    render: (_, row) => row.serviceVehicle?.id ?? row.serviceVehicleId ?? '',
  },
  { title: 'Payment Type', key: 'payment', render: (_, row) => paymentTypeLabel(row.paymentTypeId) },
  { title: 'Reference', dataIndex: 'referenceNumber', key: 'referenceNumber' },
  { title: 'Opened', key: 'opened', render: (_, row) => formatDateTime(row.openDateTime) },
  { title: 'Follow Up', key: 'followUp', render: (_, row) => formatDateTime(row.followUpAt) },
  { title: 'Notes', key: 'notes', render: (_, row) => row.noteCount ?? row.notesCount ?? 0 },
  { title: 'Status', key: 'status', render: (_, row) => invoiceStatus(row) },
  { title: 'Thumb', key: 'thumb', render: (_, row) => thumbLabel(row.thumb) },
  { title: 'Locked By', key: 'lock', render: (_, row) => personName(row.lock?.user ?? row.lockedBy ?? null) },
  { title: 'Service Address', key: 'serviceAddress', render: (_, row) => addressText(row.serviceAddress) },
];

const svPhones = (row: ServiceVehicleRow): string[] => {
  if (row.phones?.length) return row.phones.map((p) => (typeof p === 'string' ? p : p.phone)).filter(Boolean);
  return [row.customer?.primaryPhone, row.customer?.secondaryPhone].filter((p): p is string => Boolean(p));
};

const svCustomer = (row: ServiceVehicleRow) => row.customerName || personName(row.customer ?? null);

/** Spec 1 §3 "Service vehicle list row". */
export const serviceVehicleColumns: TableColumnsType<ServiceVehicleRow> = [
  { title: 'Service Vehicle', dataIndex: 'id', key: 'id' },
  { title: 'Created', key: 'created', render: (_, row) => formatDateTime(row.createdAt) },
  { title: 'Facility', key: 'facility', render: (_, row) => facilityText(row.facility) },
  {
    title: 'RO Number',
    key: 'ro',
    render: (_, row) => row.repairOrderNumber ?? row.repairOrder?.repairOrderNumber ?? '',
  },
  {
    title: 'RO Status',
    key: 'status',
    render: (_, row) => repairOrderStatusLabel(row.statusId ?? row.repairOrder?.statusId),
  },
  { title: 'Vehicle', key: 'vehicle', render: (_, row) => vehicleText(row.vehicle ?? row) },
  { title: 'VIN', key: 'vin', render: (_, row) => row.vin ?? row.vehicle?.vin ?? '' },
  {
    title: 'License Tag',
    key: 'licenseTag',
    render: (_, row) => row.licenseTag ?? row.vehicle?.licenseTag ?? '',
  },
  {
    title: 'Service Tag',
    key: 'serviceTag',
    render: (_, row) => row.serviceTag ?? row.vehicle?.serviceTag ?? '',
  },
  { title: 'Customer', key: 'customer', render: (_, row) => svCustomer(row) },
  { title: 'Phones', key: 'phones', render: (_, row) => svPhones(row).join(', ') },
  { title: 'Type', key: 'type', render: (_, row) => repairType(row.repairCount, row.windshieldChecked) },
  { title: 'Lead Technician', key: 'lead', render: (_, row) => personName(row.leadTechnician ?? null) },
  { title: 'Service Advisor', dataIndex: 'serviceAdvisorName', key: 'advisor' },
  { title: 'Follow Up', key: 'followUp', render: (_, row) => formatDateTime(row.followUpDate) },
  { title: 'Promised', key: 'promised', render: (_, row) => formatDateTime(row.promisedDateTime) },
];

/** The first phone of a row, for the call action of the Phone dialog. */
export function firstPhone(row: ServiceVehicleRow | InvoiceSearchRow): string {
  if ('phones' in row || 'vehicle' in row || 'repairOrder' in row) {
    const phones = svPhones(row as ServiceVehicleRow);
    if (phones.length) return phones[0];
  }
  const invoice = row as InvoiceSearchRow;
  const customer = invoice.customer;
  const fromCustomer = customer && typeof customer === 'object' ? customer.primaryPhone : undefined;
  return fromCustomer ?? invoice.customerPhone ?? '';
}
