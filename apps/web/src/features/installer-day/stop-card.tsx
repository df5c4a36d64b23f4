import type { InstallerStop } from '@glass/domain/contracts';
import { appointmentStatusLabel } from '@glass/domain/enums';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { plainPhone } from '@glass/domain/rules/plain-phone';
import { Button, Card, Space, Tag } from 'antd';
import { lazy, memo, Suspense } from 'react';
import { useShellPartsReady } from '../../ui/shell-parts';

// The phone link (libphonenumber's formatter, about 26 KB, and the phone bridge) loads once the day is drawn; a
// North American number reads the same before and after, and a tap on it meanwhile dials through tel:. Offline
// before it was ever loaded, the plain link stays.
const PhoneLink = lazy(() =>
  import('../phone').then(
    (m) => ({ default: m.PhoneLink }),
    () => ({ default: PlainPhoneLink }),
  ),
);

function PlainPhoneLink({ phone }: { phone?: string | null }) {
  if (!phone) return null;
  const plain = plainPhone(phone);
  return (
    <a href={`tel:${plain.dial}`} aria-label={`Call ${plain.shown}`} className="gs-phone">
      {plain.shown}
    </a>
  );
}

function StopPhone({ phone, facilityId }: { phone: string; facilityId: number | null }) {
  const ready = useShellPartsReady();
  const standin = <PlainPhoneLink phone={phone} />;
  if (!ready) return standin;
  return (
    <Suspense fallback={standin}>
      <PhoneLink phone={phone} facilityId={facilityId} />
    </Suspense>
  );
}

// The theme's four status tints (styles.css): antd's preset hues fall under 4.5:1 on their own tint.
const STATUS_COLOR: Record<number, string> = {
  1: 'default',
  2: 'processing',
  3: 'success',
  4: 'warning',
  5: 'default',
};

/** `geo:` opens the phone's navigation app; the https link opens a map anywhere. */
export function navigationLinks(
  stop: Pick<InstallerStop, 'latitude' | 'longitude' | 'address' | 'city' | 'state' | 'zip'>,
) {
  const where = [stop.address, stop.city, stop.state, stop.zip].filter(Boolean).join(', ');
  const hasPoint = stop.latitude !== null && stop.longitude !== null;
  const query = hasPoint ? `${stop.latitude},${stop.longitude}` : where;
  return {
    where,
    geo: hasPoint
      ? `geo:${stop.latitude},${stop.longitude}?q=${encodeURIComponent(`${stop.latitude},${stop.longitude}(${where})`)}`
      : `geo:0,0?q=${encodeURIComponent(where)}`,
    maps: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`,
  };
}

const time = (iso: string) => formatDateTime(iso).split(' ').slice(1).join(' ') || formatDateTime(iso);

/**
 * One stop of the installer's day: where, who, what, and the status buttons the server allows next. Drawn again
 * only when its own props change (memo): the page draws again for every outbox, network or session change, and a
 * phone's CPU spent 50-130 ms redrawing a day's unchanged cards each time (Lighthouse's total blocking time, #34).
 */
export const StopCard = memo(function StopCard({
  stop,
  order,
  waiting,
  onStatus,
}: {
  stop: InstallerStop;
  order: number;
  /** Updates of this stop still on the phone. */
  waiting: number;
  /** A status button: the stop's appointment and the status chosen (one function for every card, for the memo). */
  onStatus: (appointmentId: number, statusId: number) => void;
}) {
  const nav = navigationLinks(stop);
  const vehicle = [stop.vehicle.year, stop.vehicle.make, stop.vehicle.model].filter(Boolean).join(' ');
  return (
    <Card
      size="small"
      role="article"
      aria-label={`Stop ${order}: invoice ${stop.invoiceId}`}
      title={
        <Space wrap size={4}>
          <span>
            {order}. {time(stop.appointmentDateTime)}
          </span>
          <Tag color={STATUS_COLOR[stop.statusId]}>{stop.statusName}</Tag>
          {waiting > 0 && <Tag color="warning">Waiting to send</Tag>}
        </Space>
      }
      extra={<span className="gs-text-secondary">#{stop.invoiceId}</span>}
    >
      <Space orientation="vertical" size={4} style={{ width: '100%' }}>
        {stop.customerName && <strong>{stop.customerName}</strong>}
        {nav.where && (
          <span>
            {nav.where}{' '}
            <a href={nav.geo} aria-label={`Navigate to ${nav.where}`}>
              Navigate
            </a>{' '}
            ·{' '}
            <a href={nav.maps} target="_blank" rel="noreferrer">
              Map
            </a>
          </span>
        )}
        {stop.phones.length > 0 && (
          <Space wrap>
            {stop.phones.map((p) => (
              <StopPhone key={p.phone} phone={p.phone} facilityId={stop.facilityId} />
            ))}
          </Space>
        )}
        <span>
          {stop.partTypeName ?? 'Part'}
          {vehicle ? ` · ${vehicle}` : ''}
          {stop.vehicle.vin ? ` · VIN ${stop.vehicle.vin}` : ''} · {stop.timeAllowed} min
          {stop.serviceAppointment ? ' · mobile' : ' · in shop'}
        </span>
        {stop.parts.length > 0 && (
          <span>
            Parts:{' '}
            {stop.parts
              .map((p) =>
                [p.partNumber, p.description, p.statusName && `(${p.statusName})`].filter(Boolean).join(' '),
              )
              .join('; ')}
          </span>
        )}
        {stop.accessories.length > 0 && (
          <span>Accessories: {stop.accessories.map((a) => a.name).join(', ')}</span>
        )}
        {stop.materials.length > 0 && (
          <span>Materials: {stop.materials.map((m) => `${m.name} × ${m.quantity}`).join(', ')}</span>
        )}
        {stop.instructions && <span>Instructions: {stop.instructions}</span>}
        {stop.scheduleInstructions && <span>Schedule: {stop.scheduleInstructions}</span>}
        {stop.customerWaiting && (
          <Tag color="error">
            Customer waiting{stop.customerWaitingOption ? `: ${stop.customerWaitingOption}` : ''}
          </Tag>
        )}
        {stop.loaner && (
          <span>
            Loaner: {stop.loaner.name}
            {stop.loaner.licensePlate ? ` (${stop.loaner.licensePlate})` : ''}
          </span>
        )}
        {stop.nextStatusIds.length > 0 && (
          <Space wrap style={{ marginTop: 4 }}>
            {stop.nextStatusIds.map((id) => (
              <Button
                key={id}
                type={id === 2 || id === 3 ? 'primary' : 'default'}
                danger={id === 5}
                onClick={() => onStatus(stop.appointmentId, id)}
                aria-label={`${appointmentStatusLabel(id as never)}: invoice ${stop.invoiceId}`}
              >
                {appointmentStatusLabel(id as never)}
              </Button>
            ))}
          </Space>
        )}
      </Space>
    </Card>
  );
});
