import { paymentTypeLabel, thumbLabel } from '@glass/domain/enums';
import { ageBetween, formatAge } from '@glass/domain/rules/date-format';
import { repairType } from '@glass/domain/rules/repair-type';
import { Tag } from 'antd';
import { formatFacilityDateTime } from '../../../shell/facility-time';
import { facilityText, vehicleText } from '../../../shell/format';
import { AppLink } from '../../../ui/app-link';
import { Money } from '../../../ui/money';
import { CellLines, type TableColumn } from '../../../ui/virtual-table';
import { PhoneLink } from '../../phone';
import type { InvoiceListRow } from './list-api';

export type InvoiceColumn = TableColumn<InvoiceListRow>;

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

/** The lock first (who holds it), then the flags set; at most two lines of tags, the rest on hover. */
function FlagTags({ row }: { row: InvoiceListRow }) {
  const set = FLAGS.filter(([key]) => row[key] === true).map(([, label]) => label);
  if (!set.length && !row.lockedBy) return null;
  return (
    <span
      className="gs-tags-line"
      title={[row.lockedBy && `Locked by ${row.lockedBy}`, ...set].filter(Boolean).join(', ')}
    >
      {row.lockedBy ? <Tag color="warning">Locked by {row.lockedBy}</Tag> : null}
      {set.map((label) => (
        <Tag key={label}>{label}</Tag>
      ))}
    </span>
  );
}

const join = (parts: unknown[], separator = ' · ') =>
  parts.filter((part) => part !== null && part !== undefined && part !== '').join(separator);

/**
 * Every field of the invoice list view (spec 2 §3), grouped two to a cell so the table fits a 1280 px
 * screen with rows of one fixed height; a narrow screen shows each row as a card of the same cells.
 */
export const INVOICE_COLUMNS: InvoiceColumn[] = [
  {
    key: 'id',
    title: 'Invoice #',
    width: 90,
    render: (row) => (
      <CellLines
        primary={
          <AppLink to={`/invoices/${row.id}`} aria-label={`Invoice ${row.id}`} strong>
            {row.id}
          </AppLink>
        }
        secondary={row.openDateTime ? formatAge(ageBetween(row.openDateTime)) : null}
      />
    ),
  },
  {
    key: 'opened',
    title: 'Opened',
    width: 144,
    render: (row) => (
      <CellLines
        primary={formatFacilityDateTime(row.openDateTime, row.facility) || null}
        secondary={facilityText(row.facility)}
      />
    ),
  },
  {
    key: 'soldTo',
    title: 'Sold to',
    width: 150,
    render: (row) => (
      <CellLines primary={row.soldTo || null} secondary={<PhoneLink phone={row.customerPhone} />} />
    ),
  },
  {
    key: 'vehicle',
    title: 'Vehicle',
    width: 160,
    render: (row) => (
      <CellLines
        primary={join([row.topper, vehicleText(row.vehicleDetails)]) || null}
        secondary={join([row.licensePlate, row.serviceTag, row.roNumber && `RO ${row.roNumber}`])}
      />
    ),
  },
  {
    key: 'payment',
    title: 'Payment',
    width: 136,
    render: (row) => (
      <CellLines
        primary={row.paymentTypeId == null ? null : paymentTypeLabel(row.paymentTypeId as never)}
        secondary={join([
          row.insuranceCompany,
          row.claimNumber && `Claim ${row.claimNumber}`,
          row.referenceNumber && `Ref ${row.referenceNumber}`,
        ])}
      />
    ),
  },
  {
    key: 'total',
    title: 'Total',
    width: 86,
    align: 'right',
    render: (row) => (row.totalCost == null ? null : <Money value={row.totalCost} />),
  },
  {
    key: 'staff',
    title: 'Staff',
    width: 136,
    render: (row) => (
      <CellLines
        primary={row.leadTech ? `Lead: ${row.leadTech}` : null}
        secondary={join([
          row.adminAssistant && `AA: ${row.adminAssistant}`,
          row.autoGlassAssociate && `AGA: ${row.autoGlassAssociate}`,
        ])}
      />
    ),
  },
  { key: 'flags', title: 'Flags', width: 160, render: (row) => <FlagTags row={row} /> },
  {
    key: 'repairs',
    title: 'Repairs',
    width: 104,
    render: (row) => (
      <CellLines
        primary={
          row.repairCount == null
            ? null
            : `${row.repairCount} (${repairType(row.repairCount, row.windshieldChecked)})`
        }
        secondary={join([
          row.thumb ? thumbLabel(row.thumb as never) : null,
          row.notesCount ? `${row.notesCount} ${row.notesCount === 1 ? 'note' : 'notes'}` : null,
          row.parkedLine ? `Line ${row.parkedLine}` : null,
        ])}
      />
    ),
  },
];

export const REASON_COLUMN: InvoiceColumn = {
  key: 'reason',
  title: 'Outstanding reason',
  width: 130,
  render: (row) => (row.outstandingReason ? <Tag color="warning">{row.outstandingReason}</Tag> : null),
};
