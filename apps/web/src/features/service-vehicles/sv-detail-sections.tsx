import { paymentTypeLabel, repairOrderStatusLabel, VEHICLE_SOURCE_OPTIONS } from '@glass/domain/enums';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { formatMoney } from '@glass/domain/rules/money-format';
import { repairType } from '@glass/domain/rules/repair-type';
import type { SvDetail, SvPhone } from './sv-api';
import { IMAGE_FIELDS, StoredImages } from './sv-images';
import { PhoneLink } from '../phone';
import { customerName } from './sv-row';
import { AppLink } from '../../ui/app-link';
import { DetailGrid } from '../../ui/detail-layout';
import { EmptyState } from '../../ui/empty-state';
import { Facts, Section } from '../../ui/section';

const yesNo = (value: boolean | null | undefined) => (value ? 'Yes' : 'No');
/** Money through the domain's one formatter ($1,234.56). */
export const money = formatMoney;
const sourceLabel = (id: number | null | undefined) =>
  id == null ? '' : (VEHICLE_SOURCE_OPTIONS.find((o) => o.value === id)?.label ?? 'Unknown');

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
    <DetailGrid>
      <Section id="vehicle" title="Vehicle">
        <Facts
          columns={1}
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
          columns={1}
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
          columns={1}
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
          columns={1}
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
      <Section id="dates" title="Dates and flags" wide>
        <Facts
          columns={3}
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
                <AppLink key="invoice" to={`/invoices/${sv.invoiceId}`}>
                  #{sv.invoiceId}
                </AppLink>
              ) : null,
            ],
          ]}
        />
      </Section>
      <Section id="repairs" title="Repairs">
        <Facts
          columns={1}
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
          <EmptyState compact>No repair lines.</EmptyState>
        )}
      </Section>
      <Section id="windshield" title="Windshield notes">
        <Facts columns={1} items={[['Windshield checked', yesNo(sv.windshieldChecked)]]} />
        <p style={{ whiteSpace: 'pre-wrap', marginTop: 8 }}>{sv.windshieldNotes || 'No windshield notes.'}</p>
      </Section>
      <Section id="images" title="Images" wide>
        <Facts
          columns={3}
          items={IMAGE_FIELDS.map(({ label, paths }) => [
            label,
            <StoredImages key={label} paths={paths(sv.images)} label={label} />,
          ])}
        />
      </Section>
    </DetailGrid>
  );
}
