import { repairOrderStatusLabel } from '@glass/domain/enums';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { repairType } from '@glass/domain/rules/repair-type';
import type { ReactNode } from 'react';
import { AppLink } from '../../ui/app-link';
import { PhoneLink } from '../phone';
import type { SvListRow } from './sv-api';
import './service-vehicles.css';

export const customerName = (c: { firstName?: string | null; lastName?: string | null } | null | undefined) =>
  [c?.firstName, c?.lastName].filter(Boolean).join(' ');

export const vehicleName = (
  v: { year?: number | null; make?: string | null; model?: string | null } | null | undefined,
) => [v?.year, v?.make, v?.model].filter(Boolean).join(' ');

/** The priority colour marker (spec 1 §4): a coloured bar with the number for screen readers and a hint. */
export function PriorityMarker({ priority, color }: { priority?: number | null; color?: string | null }) {
  if (priority == null) return null;
  return (
    <span
      className={`sv-priority sv-priority-${color === 'red' ? 'red' : 'green'}`}
      title={`Priority ${priority}`}
      role="img"
      aria-label={`Priority ${priority}`}
    >
      {priority}
    </span>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="sv-field">
      <span className="sv-field-label">{label}</span> <span>{children}</span>
    </div>
  );
}

/** One list row (spec 1 §3 "Service vehicle list row"), laid out as a card that wraps at 375 px. */
export function SvRowCard({
  row,
  extra,
  highlighted,
}: {
  row: SvListRow;
  extra?: ReactNode;
  highlighted?: boolean;
}) {
  const c = row.customer;
  const ro = row.repairOrder;
  return (
    <article
      className={`sv-row${highlighted ? ' sv-row-highlight' : ''}`}
      aria-labelledby={`sv-row-${row.id}`}
      aria-current={highlighted || undefined}
      data-testid="sv-row"
    >
      <div className="sv-row-head">
        <PriorityMarker priority={row.priority} color={row.priorityColor} />
        <AppLink id={`sv-row-${row.id}`} to={`/service-vehicles/${row.id}`} className="sv-row-title" strong>
          #{row.id} {vehicleName(row.vehicle) || 'Vehicle'}
        </AppLink>
        <span className="sv-tag">{repairType(row.repairCount, row.windshieldChecked)}</span>
        {row.locked ? (
          <span className="sv-tag sv-tag-lock" title={`Locked by ${row.lockedBy ?? 'someone'}`}>
            Locked by {row.lockedBy ?? 'someone'}
          </span>
        ) : null}
        {row.flagged ? <span className="sv-tag">Flagged</span> : null}
        {row.internal ? <span className="sv-tag">Internal</span> : null}
        {row.void ? <span className="sv-tag">Void</span> : null}
        {row.lost ? <span className="sv-tag">Lost</span> : null}
      </div>
      <div className="sv-row-grid">
        <Field label="Customer">{customerName(c)}</Field>
        <Field label="Phones">
          {c?.primaryPhone || c?.secondaryPhone ? (
            <>
              <PhoneLink phone={c?.primaryPhone} typeId={c?.primaryPhoneTypeId} facilityId={row.facilityId} />
              {c?.primaryPhone && c?.secondaryPhone ? ', ' : null}
              <PhoneLink
                phone={c?.secondaryPhone}
                typeId={c?.secondaryPhoneTypeId}
                facilityId={row.facilityId}
              />
            </>
          ) : null}
        </Field>
        <Field label="VIN">{row.vehicle?.vin}</Field>
        <Field label="License tag">{row.vehicle?.licenseTag}</Field>
        <Field label="Service tag">{row.vehicle?.serviceTag}</Field>
        <Field label="RO">
          {ro?.repairOrderNumber
            ? `${ro.repairOrderNumber} (${repairOrderStatusLabel(ro.statusId as never)})`
            : null}
        </Field>
        <Field label="RO opened">{formatDateTime(ro?.openedAt) || null}</Field>
        <Field label="Facility">{row.facility?.shortName ?? row.facility?.name}</Field>
        <Field label="Lead technician">{row.leadTechnician}</Field>
        <Field label="Service advisor">{row.serviceAdvisorName}</Field>
        <Field label="Created">{formatDateTime(row.createdAt) || null}</Field>
        <Field label="Follow up">{formatDateTime(row.followUpDate) || null}</Field>
        <Field label="Promised">{formatDateTime(row.promisedDateTime) || null}</Field>
        <Field label="Inspected">{formatDateTime(row.inspectedAt) || null}</Field>
        <Field label="Invoice">
          {row.invoiceId ? <AppLink to={`/invoices/${row.invoiceId}`}>#{row.invoiceId}</AppLink> : null}
        </Field>
      </div>
      {extra}
    </article>
  );
}
