import { paymentTypeLabel, repairOrderStatusLabel, thumbLabel } from '@glass/domain/enums';
import { repairType } from '@glass/domain/rules/repair-type';
import type { TableColumnsType } from 'antd';
import type { InvoiceSearchRow, ServiceVehicleSearchRow as ServiceVehicleRow } from '@glass/domain/contracts';
import { facilityText, formatDateTime, personName, vehicleText } from '../../shell/format';
import { formatPhone, formatPhones } from '../../ui/phone';

export const invoicePath = (id: number) => `/invoices/${id}`;
export const serviceVehiclePath = (id: number) => `/service-vehicles/${id}`;

// The rows are the contract's (packages/domain/src/contracts/search.ts): the list fields global search selects.

const invoiceCustomer = (row: InvoiceSearchRow) => row.soldTo ?? '';

const invoiceStatus = (row: InvoiceSearchRow) =>
  [row.void && 'Void', row.lost && 'Lost', row.replacement ? 'Replacement' : 'Repair']
    .filter(Boolean)
    .join(', ');

const addressText = (address: InvoiceSearchRow['serviceAddress']) =>
  [address?.line1, address?.city, address?.state, address?.zip].filter(Boolean).join(', ');

/** Spec 1 §3 "Invoice (search fields)". */
export const invoiceColumns: TableColumnsType<InvoiceSearchRow> = [
  { title: 'Invoice', dataIndex: 'id', key: 'id' },
  { title: 'Facility', key: 'facility', render: (_, row) => facilityText(row.facility) },
  { title: 'Customer', key: 'customer', render: (_, row) => invoiceCustomer(row) },
  { title: 'Phone', key: 'phone', render: (_, row) => formatPhone(firstPhone(row)) },
  { title: 'Vehicle', key: 'vehicle', render: (_, row) => vehicleText(row.vehicleDetails) },
  {
    title: 'Service Vehicle',
    key: 'sv',
    render: (_, row) => row.serviceVehicleId ?? '',
  },
  { title: 'Payment Type', key: 'payment', render: (_, row) => paymentTypeLabel(row.paymentTypeId) },
  { title: 'Reference', dataIndex: 'referenceNumber', key: 'referenceNumber' },
  { title: 'Opened', key: 'opened', render: (_, row) => formatDateTime(row.openDateTime) },
  { title: 'Follow Up', key: 'followUp', render: (_, row) => formatDateTime(row.followUpAt) },
  { title: 'Notes', key: 'notes', render: (_, row) => row.notesCount ?? 0 },
  { title: 'Status', key: 'status', render: (_, row) => invoiceStatus(row) },
  { title: 'Thumb', key: 'thumb', render: (_, row) => thumbLabel(row.thumb) },
  { title: 'Locked By', key: 'lock', render: (_, row) => row.lockedBy ?? '' },
  { title: 'Service Address', key: 'serviceAddress', render: (_, row) => addressText(row.serviceAddress) },
];

const svPhones = (row: ServiceVehicleRow): string[] =>
  [row.customer?.primaryPhone, row.customer?.secondaryPhone].filter((p): p is string => Boolean(p));

const svCustomer = (row: ServiceVehicleRow) => personName(row.customer);

/** Spec 1 §3 "Service vehicle list row". */
export const serviceVehicleColumns: TableColumnsType<ServiceVehicleRow> = [
  { title: 'Service Vehicle', dataIndex: 'id', key: 'id' },
  { title: 'Created', key: 'created', render: (_, row) => formatDateTime(row.createdAt) },
  { title: 'Facility', key: 'facility', render: (_, row) => facilityText(row.facility) },
  {
    title: 'RO Number',
    key: 'ro',
    render: (_, row) => row.repairOrder.repairOrderNumber ?? '',
  },
  {
    title: 'RO Status',
    key: 'status',
    render: (_, row) => repairOrderStatusLabel(row.repairOrder.statusId),
  },
  { title: 'Vehicle', key: 'vehicle', render: (_, row) => vehicleText(row.vehicle) },
  { title: 'VIN', key: 'vin', render: (_, row) => row.vehicle.vin ?? '' },
  {
    title: 'License Tag',
    key: 'licenseTag',
    render: (_, row) => row.vehicle.licenseTag ?? '',
  },
  {
    title: 'Service Tag',
    key: 'serviceTag',
    render: (_, row) => row.vehicle.serviceTag ?? '',
  },
  { title: 'Customer', key: 'customer', render: (_, row) => svCustomer(row) },
  { title: 'Phones', key: 'phones', render: (_, row) => formatPhones(svPhones(row)) },
  { title: 'Type', key: 'type', render: (_, row) => repairType(row.repairCount, row.windshieldChecked) },
  { title: 'Lead Technician', key: 'lead', render: (_, row) => row.leadTechnician ?? '' },
  { title: 'Service Advisor', dataIndex: 'serviceAdvisorName', key: 'advisor' },
  { title: 'Follow Up', key: 'followUp', render: (_, row) => formatDateTime(row.followUpDate) },
  { title: 'Promised', key: 'promised', render: (_, row) => formatDateTime(row.promisedDateTime) },
];

/** The first phone of a row, for the call action of the Phone dialog. */
export function firstPhone(row: ServiceVehicleRow | InvoiceSearchRow): string {
  if ('repairOrder' in row) return svPhones(row as ServiceVehicleRow)[0] ?? '';
  return (row as InvoiceSearchRow).customerPhone ?? '';
}
