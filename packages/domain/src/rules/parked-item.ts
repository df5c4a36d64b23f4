/**
 * From the parked item the server lists (spec 1 §3 "Parked item (as listed by the server)") to the
 * footer's display slot. An item parks either an invoice or a service vehicle; the invoice wins if
 * both ids are set, because an invoiced vehicle is worked through its invoice.
 */
import { RecordType } from '../enums.js';
import type { ParkedSlot } from './parking.js';

type NameLike = string | { name?: string | null; firstName?: string | null; lastName?: string | null } | null;

export interface ServerParkedItem {
  id: number;
  parkLine: number;
  parkedAt: string | null;
  parkedByUser?: NameLike;
  parkedForUser?: NameLike;
  parkedForMessageGroup?: NameLike;
  serviceVehicleId?: number | null;
  invoiceId?: number | null;
  parkedForUserId?: number | null;
  parkedForMessageGroupId?: number | null;
}

export function personOrGroupName(value: NameLike | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') return value;
  if (value.name) return value.name;
  return [value.firstName, value.lastName].filter(Boolean).join(' ');
}

export function toParkedSlot(item: ServerParkedItem): ParkedSlot {
  const invoiceId = item.invoiceId ?? 0;
  const serviceVehicleId = item.serviceVehicleId ?? 0;
  const isInvoice = invoiceId > 0;
  const recordNumber = isInvoice ? invoiceId : serviceVehicleId;
  return {
    id: item.id,
    parkedLineNumber: item.parkLine,
    recordType: recordNumber > 0 ? (isInvoice ? RecordType.Invoice : RecordType.ServiceVehicle) : null,
    recordNumber,
    parkedFor: personOrGroupName(item.parkedForUser) || personOrGroupName(item.parkedForMessageGroup),
    parkedBy: personOrGroupName(item.parkedByUser),
    time: item.parkedAt,
    parkedForMessageGroupId: item.parkedForMessageGroupId ?? null,
    parkedForUserId: item.parkedForUserId ?? null,
  };
}
