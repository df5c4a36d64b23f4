import type { CallLogRow } from '@glass/domain/contracts';
import { Space } from 'antd';
import { AppLink } from '../../ui/app-link';
import './call-center.css';

/** Talk time as m:ss. */
export function formatTalk(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** What a call matched: the customer, and links to the service vehicle and invoice. */
export function MatchLinks({ row }: { row: CallLogRow }) {
  if (!row.customer && !row.serviceVehicleId && !row.invoiceId) return <span>No match</span>;
  return (
    <Space size={4} wrap>
      {row.customer && <span>{row.customer.name || `Customer ${row.customer.id}`}</span>}
      {row.serviceVehicleId && (
        <AppLink to={`/service-vehicles/${row.serviceVehicleId}`}>SV {row.serviceVehicleId}</AppLink>
      )}
      {row.invoiceId && <AppLink to={`/invoices/${row.invoiceId}`}>Invoice {row.invoiceId}</AppLink>}
    </Space>
  );
}
