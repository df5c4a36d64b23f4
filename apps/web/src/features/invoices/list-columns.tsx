import { paymentTypeLabel, thumbLabel } from '@glass/domain/enums';
import { ageBetween, formatAge } from '@glass/domain/rules/date-format';
import { repairType } from '@glass/domain/rules/repair-type';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cellText } from '../../resources/cells';
import { facilityText, formatDateTime, vehicleText } from '../../shell/format';
import { PhoneLink } from '../phone/phone-link';
import type { InvoiceListRow } from './list-api';

export interface InvoiceColumn {
  key: string;
  title: string;
  /** Column width in px on wide screens. */
  width: number;
  render: (row: InvoiceListRow) => ReactNode;
}

/** The status flags of spec 2 §3 "Invoice (list view)", shown as tags when set. */
const FLAGS: [keyof InvoiceListRow, string][] = [
  ['initiated', 'Initiated'],
  ['pending', 'Pending'],
  ['completed', 'Completed'],
  ['repairCompleted', 'Repair completed'],
  ['submitted', 'Submitted'],
  ['funded', 'Funded'],
  ['finalized', 'Finalized'],
  ['signed', 'Signed'],
  ['replacement', 'Replacement'],
  ['inspection', 'Inspection'],
  ['snailMail', 'Snail mail'],
  ['flagged', 'Flagged'],
  ['void', 'Void'],
  ['lost', 'Lost'],
];

function FlagTags({ row }: { row: InvoiceListRow }) {
  const set = FLAGS.filter(([key]) => row[key] === true);
  if (!set.length) return null;
  return (
    <span className="inv-tags">
      {set.map(([key, label]) => (
        <span key={key} className={`sv-tag inv-flag-${key}`}>
          {label}
        </span>
      ))}
    </span>
  );
}

const staff = (row: InvoiceListRow) =>
  [
    ['AA', row.adminAssistant],
    ['Lead', row.leadTech],
    ['AGA', row.autoGlassAssociate],
  ]
    .filter(([, name]) => name)
    .map(([role, name]) => `${role}: ${name}`)
    .join(', ');

const text = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : String(value);

/** Every column of the invoice list view (spec 2 §3), in display order. */
export const INVOICE_COLUMNS: InvoiceColumn[] = [
  {
    key: 'id',
    title: 'Invoice #',
    width: 90,
    render: (row) => (
      <Link to={`/invoices/${row.id}`} aria-label={`Invoice ${row.id}`} className="inv-number">
        {row.id}
      </Link>
    ),
  },
  { key: 'total', title: 'Total', width: 100, render: (row) => text(cellText(row.totalCost, 'money')) },
  { key: 'facility', title: 'Facility', width: 110, render: (row) => text(facilityText(row.facility)) },
  {
    key: 'lock',
    title: 'Locked by',
    width: 120,
    render: (row) => (row.lockedBy ? <span className="sv-tag sv-tag-lock">{row.lockedBy}</span> : null),
  },
  {
    key: 'payment',
    title: 'Payment',
    width: 110,
    render: (row) => (row.paymentTypeId == null ? null : paymentTypeLabel(row.paymentTypeId as never)),
  },
  { key: 'insurance', title: 'Insurance', width: 150, render: (row) => text(row.insuranceCompany) },
  { key: 'reference', title: 'Reference', width: 120, render: (row) => text(row.referenceNumber) },
  { key: 'soldTo', title: 'Sold to', width: 150, render: (row) => text(row.soldTo) },
  { key: 'phone', title: 'Phone', width: 140, render: (row) => <PhoneLink phone={row.customerPhone} /> },
  { key: 'plate', title: 'Plate', width: 90, render: (row) => text(row.licensePlate) },
  { key: 'serviceTag', title: 'Service tag', width: 100, render: (row) => text(row.serviceTag) },
  { key: 'ro', title: 'RO #', width: 100, render: (row) => text(row.roNumber) },
  {
    key: 'vehicle',
    title: 'Vehicle',
    width: 170,
    render: (row) => text([row.topper, vehicleText(row.vehicleDetails)].filter(Boolean).join(' · ')),
  },
  { key: 'staff', title: 'Staff', width: 240, render: (row) => text(staff(row)) },
  { key: 'flags', title: 'Flags', width: 240, render: (row) => <FlagTags row={row} /> },
  {
    key: 'thumb',
    title: 'Thumb',
    width: 70,
    render: (row) => (row.thumb ? thumbLabel(row.thumb as never) : null),
  },
  { key: 'claim', title: 'Claim #', width: 110, render: (row) => text(row.claimNumber) },
  { key: 'opened', title: 'Opened', width: 150, render: (row) => text(formatDateTime(row.openDateTime)) },
  { key: 'notes', title: 'Notes', width: 60, render: (row) => text(row.notesCount) },
  {
    key: 'age',
    title: 'Age',
    width: 100,
    render: (row) => (row.openDateTime ? formatAge(ageBetween(row.openDateTime)) : null),
  },
  {
    key: 'repairs',
    title: 'Repairs',
    width: 120,
    render: (row) =>
      row.repairCount == null
        ? null
        : `${row.repairCount} (${repairType(row.repairCount, row.windshieldChecked)})`,
  },
  { key: 'parked', title: 'Parked line', width: 90, render: (row) => text(row.parkedLine) },
];

export const REASON_COLUMN: InvoiceColumn = {
  key: 'reason',
  title: 'Outstanding reason',
  width: 150,
  render: (row) => (row.outstandingReason ? <span className="sv-tag">{row.outstandingReason}</span> : null),
};
