import { paymentTypeLabel, transactionTypeLabel } from '@glass/domain/enums';
import { Button, Checkbox, Tag } from 'antd';
import { formatFacilityDateTime } from '../../shell/facility-time';
import { AppLink } from '../../ui/app-link';
import { Money } from '../../ui/money';
import { CellLines, type TableColumn } from '../../ui/virtual-table';
import { depositable, type ReconcileRow } from './reconcile-api';

export type ReconcileColumn = TableColumn<ReconcileRow>;

export interface RowActions {
  selected: ReadonlySet<number>;
  toggle: (row: ReconcileRow, on: boolean) => void;
  fund: (row: ReconcileRow) => void;
  /** Undefined when the user's role may not unfund. */
  unfund?: (row: ReconcileRow) => void;
  canFund: boolean;
}

const join = (parts: unknown[], separator = ' · ') =>
  parts.filter((part) => part !== null && part !== undefined && part !== '').join(separator);

/**
 * The reconcile row of spec 2 §3 in cells of one or two lines (the table fits a 1280 px screen; a narrow
 * screen shows each row as a card headed by its invoice number): a row opens its invoice, the funded button shows where the server
 * says so (showFundedButton), funded rows not yet on a deposit can be chosen for one.
 */
export function reconcileColumns(actions: RowActions): ReconcileColumn[] {
  return [
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
          secondary={join([
            row.isReplacement ? 'Replacement' : 'Repair',
            row.isThumbsUp ? 'Thumbs up' : null,
          ])}
        />
      ),
    },
    {
      key: 'select',
      title: 'Deposit',
      width: 60,
      render: (row) =>
        depositable(row) ? (
          <Checkbox
            aria-label={`Choose invoice ${row.id} for the deposit`}
            checked={actions.selected.has(row.id)}
            onChange={(e) => actions.toggle(row, e.target.checked)}
          />
        ) : null,
    },
    {
      key: 'opened',
      title: 'Opened',
      width: 150,
      render: (row) => (
        <CellLines
          primary={formatFacilityDateTime(row.openAt, row.facilityId) || null}
          secondary={row.facilityName}
        />
      ),
    },
    {
      key: 'soldTo',
      title: 'Sold to',
      width: 140,
      render: (row) => (
        <CellLines
          primary={row.buyerName || null}
          secondary={row.referenceNumber ? `Ref ${row.referenceNumber}` : null}
        />
      ),
    },
    {
      key: 'insurer',
      title: 'Insurance',
      width: 140,
      render: (row) => (
        <CellLines
          primary={row.insuranceCompanyName || null}
          secondary={join([paymentTypeLabel(row.paymentTypeId), row.leadTechnicianName])}
        />
      ),
    },
    {
      key: 'labor',
      title: 'Labor',
      width: 78,
      align: 'right',
      render: (row) => <Money value={row.laborCost} />,
    },
    {
      key: 'parts',
      title: 'Parts',
      width: 78,
      align: 'right',
      render: (row) => <Money value={row.partsCost} />,
    },
    { key: 'tax', title: 'Tax', width: 66, align: 'right', render: (row) => <Money value={row.taxCost} /> },
    {
      key: 'total',
      title: 'Total',
      width: 84,
      align: 'right',
      render: (row) => (
        <strong>
          <Money value={row.totalCost} />
        </strong>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      width: 130,
      render: (row) => (
        <span className="gs-tags-line">
          {row.isFinalized ? <Tag>Finalized</Tag> : null}
          {row.isFunded ? (
            <Tag
              color="success"
              title={join([row.fundedBy, formatFacilityDateTime(row.fundedAt, row.facilityId)])}
            >
              Funded{row.itemType ? ` · ${transactionTypeLabel(row.itemType)}` : ''}
            </Tag>
          ) : null}
          {row.depositId ? <Tag color="processing">Deposit {row.depositId}</Tag> : null}
          {row.isVoid ? <Tag>Void</Tag> : null}
          {row.isLost ? <Tag>Lost</Tag> : null}
        </span>
      ),
    },
    {
      key: 'action',
      title: 'Action',
      width: 104,
      render: (row) => {
        if (row.showFundedButton && actions.canFund)
          return (
            <Button
              size="small"
              type="primary"
              aria-label={`Mark invoice ${row.id} funded`}
              onClick={() => actions.fund(row)}
            >
              Funded
            </Button>
          );
        if (row.isFunded && row.depositId === null && actions.unfund)
          return (
            <Button
              size="small"
              danger
              aria-label={`Unfund invoice ${row.id}`}
              onClick={() => actions.unfund?.(row)}
            >
              Unfund
            </Button>
          );
        return null;
      },
    },
  ];
}
