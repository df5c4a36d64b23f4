import { ALL_CAUGHT_UP, NO_NOTIFICATIONS } from '@glass/domain/messages/shell';
import { BellOutlined, PushpinOutlined } from '@ant-design/icons';
import { alertTypeLabel, recordTypeLabel } from '@glass/domain/enums';
import { parkedBadgeColor } from '@glass/domain/rules/parking';
import { Badge, Button, Popover } from 'antd';
import { Link } from 'react-router-dom';
import type { Alert, ParkedItem } from '../api/types';
import { formatDateTime, personName } from './format';

// Loaded only once the footer routes answer: the popovers, badges and date formatting stay out of the
// shell's first load.

const recordPath = (type: string | null | undefined, id: number | null | undefined) =>
  id ? (type === 'Invoice' ? `/invoices/${id}` : `/service-vehicles/${id}`) : null;

// antd's named "yellow" is too pale on white; gold reads as yellow and keeps the dot visible.
const BADGE_COLOR = { green: 'green', yellow: 'gold', red: 'red' } as const;

export function ParkedItems({ items }: { items: ParkedItem[] }) {
  const content = items.length ? (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxWidth: 320 }}>
      {items.map((item) => {
        const type = item.invoiceId ? 'Invoice' : 'ServiceVehicle';
        const id = item.invoiceId ?? item.serviceVehicleId;
        const path = recordPath(type, id);
        return (
          <li key={item.id} style={{ padding: '4px 0' }}>
            <Badge color={BADGE_COLOR[parkedBadgeColor(item.parkedAt)]} text={`Line ${item.parkLine}:`} />{' '}
            {path ? <Link to={path}>{`${recordTypeLabel(type)} ${id}`}</Link> : null}
            <div>{`${personName(item.parkedByUser)} · ${formatDateTime(item.parkedAt)}`}</div>
          </li>
        );
      })}
    </ul>
  ) : (
    <span>No parked items</span>
  );
  return (
    <Popover content={content} title="Parked items" trigger="click" placement="topLeft">
      <Button type="text" icon={<PushpinOutlined />} aria-label={`Parked items (${items.length})`}>
        {items.length > 0 && <span className="count-badge">{items.length}</span>}
      </Button>
    </Popover>
  );
}

export function Alerts({ alerts }: { alerts: Alert[] }) {
  const content = alerts.length ? (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxWidth: 320 }}>
      {alerts.map((alert) => {
        const path = recordPath(alert.recordType, alert.recordId);
        return (
          <li key={alert.id} style={{ padding: '4px 0' }}>
            <strong>{alertTypeLabel(alert.type) || alert.type}</strong>{' '}
            {[alert.senderName, alert.facilityShortName].filter(Boolean).join(' · ')}
            {path ? (
              <div>
                <Link to={path}>{`${recordTypeLabel(alert.recordType ?? '')} ${alert.recordId}`}</Link>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  ) : (
    <div>
      <strong>{NO_NOTIFICATIONS}</strong>
      <div>{ALL_CAUGHT_UP}</div>
    </div>
  );
  return (
    <Popover content={content} title="Alerts" trigger="click" placement="topRight">
      <Button type="text" icon={<BellOutlined />} aria-label={`Alerts (${alerts.length})`}>
        {alerts.length > 0 && <span className="count-badge">{alerts.length}</span>}
      </Button>
    </Popover>
  );
}
