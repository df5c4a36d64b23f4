import { paymentTypeLabel, repairOrderStatusLabel, VEHICLE_SOURCE_OPTIONS } from '@glass/domain/enums';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { repairType } from '@glass/domain/rules/repair-type';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SvDetail, SvPhone } from './sv-api';
import { IMAGE_FIELDS, StoredImages } from './sv-images';
import { PhoneLink } from '../phone/phone-link';
import { customerName } from './sv-row';

const yesNo = (value: boolean | null | undefined) => (value ? 'Yes' : 'No');
export const money = (value: number | string | null | undefined) =>
  value === null || value === undefined || value === '' ? '' : `$${Number(value).toFixed(2)}`;
const sourceLabel = (id: number | null | undefined) =>
  id == null ? '' : (VEHICLE_SOURCE_OPTIONS.find((o) => o.value === id)?.label ?? 'Unknown');

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="sv-section" aria-labelledby={`sv-section-${id}`}>
      <h2 id={`sv-section-${id}`}>{title}</h2>
      {children}
    </section>
  );
}

/** A definition list; empty values show as an em dash so every field of the detail is visible. */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="sv-dl">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Phone({ phone, facilityId }: { phone?: SvPhone | null; facilityId?: number | null }) {
  if (!phone?.phone) return null;
  return <PhoneLink phone={phone.phone} typeId={phone.phoneTypeId} facilityId={facilityId} />;
}

/** Every field of spec 1 §3 "Service vehicle (detail)", read-only, in sections. */
export function DetailSections({ sv }: { sv: SvDetail }) {
  const v = sv.vehicle ?? {};
  const ro = sv.repairOrder ?? {};
  const c = sv.customer;
  return (
    <>
      <Section id="vehicle" title="Vehicle">
        <Facts
          items={[
            ['Year', v.year],
            ['Make', v.make],
            ['Model', v.model],
            ['VIN', v.vin],
            ['License tag', [v.licenseTag, v.licenseState].filter(Boolean).join(' ')],
            ['Service tag', v.serviceTag],
            ['Stock number', v.stockNumber],
            ['Topper', v.topper],
            ['Body style', v.bodyStyle],
            ['Color', v.color],
            ['Mileage', v.mileage],
            ['Source', sourceLabel(v.sourceId)],
          ]}
        />
      </Section>
      <Section id="ro" title="Repair order">
        <Facts
          items={[
            ['RO number', ro.repairOrderNumber],
            ['Status', repairOrderStatusLabel(ro.statusId as never)],
            ['Status description', ro.statusDescription],
            ['Opened', formatDateTime(ro.openedAt)],
            ['Closed', formatDateTime(ro.closedAt)],
            ['Payment type', paymentTypeLabel(sv.paymentTypeId as never)],
          ]}
        />
      </Section>
      <Section id="customer" title="Customer and phones">
        <Facts
          items={[
            ['Customer', customerName(c)],
            ['Email', c?.email],
            [
              'Primary phone',
              c?.contact?.primaryPhone?.phone ? (
                <Phone key="p1" phone={c.contact.primaryPhone} facilityId={sv.facility?.id} />
              ) : null,
            ],
            [
              'Secondary phone',
              c?.contact?.secondaryPhone?.phone ? (
                <Phone key="p2" phone={c.contact.secondaryPhone} facilityId={sv.facility?.id} />
              ) : null,
            ],
          ]}
        />
      </Section>
      <Section id="staff" title="Staff">
        <Facts
          items={[
            ['Facility', sv.facility?.name ?? sv.facility?.shortName],
            ['Created by', sv.createdBy?.name],
            ['Lead technician', sv.leadTechnician?.name],
            ['Service advisor', sv.serviceAdvisorName],
            [
              'Parked',
              sv.parkedItem
                ? `Line ${sv.parkedItem.parkLine ?? ''} by ${sv.parkedItem.parkedBy ?? ''} for ${
                    sv.parkedItem.parkedFor ?? sv.parkedItem.parkedForMessageGroup ?? ''
                  } ${formatDateTime(sv.parkedItem.parkedAt)}`
                : null,
            ],
          ]}
        />
      </Section>
      <Section id="dates" title="Dates and flags">
        <Facts
          items={[
            ['Created', formatDateTime(sv.createdAt)],
            ['Updated', formatDateTime(sv.updatedAt)],
            ['Follow-up date', formatDateTime(sv.followUpDate)],
            ['Followed up', yesNo(sv.followedUp)],
            ['Inspected', formatDateTime(sv.inspectedAt)],
            ['Promised', formatDateTime(sv.promisedDateTime)],
            ['Last contact', formatDateTime(sv.lastContactAt)],
            ['Ready to call', yesNo(sv.readyToCall)],
            ['Ready for parts', yesNo(sv.readyForParts)],
            ['Ready to schedule', yesNo(sv.readyToSchedule)],
            ['OK to call', yesNo(sv.okToCall)],
            ['Flagged', yesNo(sv.flagged)],
            ['Internal', yesNo(sv.internal)],
            ['Void', yesNo(sv.void)],
            ['Lost', sv.lost ? `Yes${sv.lostReason ? ` (${sv.lostReason.name})` : ''}` : 'No'],
            [
              'Last disposition',
              sv.lastDisposition
                ? `${sv.lastDisposition.name} ${formatDateTime(sv.lastDisposition.at)}`
                : null,
            ],
            ['Thumb', sv.thumb === 1 ? 'Up' : sv.thumb === -1 ? 'Down' : null],
            ['Notes', sv.notesCount],
            [
              'Invoice',
              sv.invoiceId ? (
                <Link key="invoice" to={`/invoices/${sv.invoiceId}`}>
                  #{sv.invoiceId}
                </Link>
              ) : null,
            ],
          ]}
        />
      </Section>
      <Section id="repairs" title="Repairs">
        <Facts
          items={[
            ['Repair count', `${sv.repairCount ?? 0} (${repairType(sv.repairCount, sv.windshieldChecked)})`],
            ['Replacement parts', sv.replacementPartsCount],
            ['Repair quote', money(sv.repairQuoteAmount)],
            ['Replacement quote', money(sv.replacementQuoteAmount)],
          ]}
        />
        {sv.repairs?.length ? (
          <ol aria-label="Repair lines" style={{ marginTop: 8, paddingLeft: 20 }}>
            {sv.repairs.map((r) => (
              <li key={r.id} data-testid="repair-line">
                {r.description || 'Repair'}
                {r.location ? ` — ${r.location}` : ''} {money(r.amount)}
              </li>
            ))}
          </ol>
        ) : (
          <p style={{ marginTop: 8 }}>No repair lines.</p>
        )}
      </Section>
      <Section id="windshield" title="Windshield notes">
        <Facts items={[['Windshield checked', yesNo(sv.windshieldChecked)]]} />
        <p style={{ whiteSpace: 'pre-wrap', marginTop: 8 }}>{sv.windshieldNotes || 'No windshield notes.'}</p>
      </Section>
      <Section id="images" title="Images">
        <Facts
          items={IMAGE_FIELDS.map(({ label, paths }) => [
            label,
            <StoredImages key={label} paths={paths(sv.images)} label={label} />,
          ])}
        />
      </Section>
    </>
  );
}
