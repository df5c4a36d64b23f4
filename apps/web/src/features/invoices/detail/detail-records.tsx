import { repairOrderStatusLabel } from '@glass/domain/enums';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { Link } from 'react-router-dom';
import { formatFacilityDateTime } from '../../../shell/facility-time';
import { Facts, Section } from '../../../ui/section';
import { type InvoiceDetail, invoiceApi, money } from '../invoice-api';
import { invoiceKeys } from '../../../query/query-keys';

/** The latest history entries of the detail and the service vehicle the invoice came from. */
export function DetailHistory({ invoice }: { invoice: InvoiceDetail }) {
  const sv = invoice.serviceVehicle;
  const vins = useQuery({
    queryKey: invoiceKeys.vinHistory(invoice.id),
    queryFn: () => invoiceApi.vinHistory(sv?.id ?? 0),
    enabled: Boolean(sv),
  });
  return (
    <>
      <Section id="service-vehicle" title="Service vehicle">
        {sv ? (
          <Facts
            items={[
              [
                'Service vehicle',
                <Link key="sv" to={`/service-vehicles/${sv.id}`}>
                  #{sv.id}
                </Link>,
              ],
              ['Stock number', sv.stockNumber],
              ['Service advisor', sv.serviceAdvisor],
              ['RO number', sv.repairOrder?.number],
              ['RO status', repairOrderStatusLabel(sv.repairOrder?.statusId as never)],
              ['RO total', money(sv.repairOrder?.total)],
              ['RO opened', formatFacilityDateTime(sv.repairOrder?.openedAt, invoice.facility)],
              ['Body style', sv.vehicle?.bodyStyle],
              ['Color', sv.vehicle?.color],
              ['Facility', invoice.facility?.name],
              ['Opened', formatFacilityDateTime(invoice.openDateTime, invoice.facility)],
            ]}
          />
        ) : (
          <p>No service vehicle.</p>
        )}
      </Section>
      {sv ? (
        <Section id="vin-history" title="VIN lookup history">
          {vins.isLoading ? (
            <Spin aria-label="Loading VIN lookups" />
          ) : vins.isError ? (
            <Alert type="error" showIcon title="Failed to get the VIN lookup history" />
          ) : vins.data?.length ? (
            <ul className="sv-list" aria-label="VIN lookups">
              {vins.data.map((v) => (
                <li key={v.id} className="sv-row inv-wrap">
                  <strong>{v.vin}</strong> —{' '}
                  {[v.year, v.make, v.model].filter(Boolean).join(' ') || 'not decoded'} —{' '}
                  {formatDateTime(v.lookedUpAt)}
                  {v.user ? ` — ${v.user}` : ''}
                  {v.source ? ` (${v.source})` : ''}
                </li>
              ))}
            </ul>
          ) : (
            <p>No VIN lookups.</p>
          )}
        </Section>
      ) : null}
      <Section id="appointments" title="Appointment schedules">
        {invoice.appointmentSchedules?.length ? (
          <ul className="sv-list" aria-label="Appointment schedules">
            {invoice.appointmentSchedules.map((a) => (
              <li key={a.id} className="sv-row inv-wrap">
                <strong>
                  {a.scheduledAt
                    ? formatFacilityDateTime(a.scheduledAt, invoice.facility)
                    : 'Not scheduled yet'}
                </strong>
                {a.status ? ` — ${a.status}` : ''}
                {a.installer ? ` — ${a.installer.name}` : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p>No appointments scheduled.</p>
        )}
        <Link to={`/schedule-appointment?invoiceId=${invoice.id}`}>Schedule appointment</Link>
      </Section>
      <Section id="history" title="History" wide>
        {invoice.history.length ? (
          <ul className="sv-list" aria-label="History entries">
            {invoice.history.map((h) => (
              <li key={h.id} className="sv-row">
                <strong>{h.activity}</strong> — {formatDateTime(h.activityDate)}
                {h.user ? ` — ${h.user}` : ''}
                {h.isContact ? <span className="sv-tag"> Contact</span> : null}
                {h.details ? <div className="inv-wrap">{h.details}</div> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p>No history yet.</p>
        )}
      </Section>
    </>
  );
}
