import { formatDate } from '@glass/domain';
import type { SessionUser } from '../../../auth/sessions.js';

/** What a message may say about the invoice (send-service.ts reads it in one query). */
export interface SendContext {
  id: number;
  replacement: boolean;
  claimNumber: string | null;
  brandId: number | null;
  brandName: string | null;
  facility: string;
  facilityPhone: string | null;
  /** The facility's IANA zone: `{date}` is its wall-clock day, not the server's. */
  timeZone: string;
  openDateTime: string;
  vehicle: string;
  address: string;
  customer: {
    firstName: string;
    lastName: string;
    email: string | null;
    doNotEmail: boolean;
    doNotText: boolean;
    primaryPhone: string | null;
    primaryPhoneTypeId: number;
    secondaryPhone: string | null;
    secondaryPhoneTypeId: number;
  } | null;
  technician: { id: number; name: string; phone: string | null } | null;
}

/** The placeholders a template may use, e.g. `Your invoice #{invoiceId}` (names are case-insensitive). */
export function templateValues(ctx: SendContext, sender: Pick<SessionUser, 'firstName' | 'lastName'>) {
  return {
    invoiceId: String(ctx.id),
    firstName: ctx.customer?.firstName ?? '',
    lastName: ctx.customer?.lastName ?? '',
    customerName: [ctx.customer?.firstName, ctx.customer?.lastName].filter(Boolean).join(' '),
    vehicle: ctx.vehicle,
    address: ctx.address,
    claimNumber: ctx.claimNumber ?? '',
    facility: ctx.facility,
    facilityPhone: ctx.facilityPhone ?? '',
    brand: ctx.brandName ?? '',
    date: formatDate(ctx.openDateTime, 'MM/DD/YYYY', ctx.timeZone),
    technician: ctx.technician?.name ?? '',
    technicianPhone: ctx.technician?.phone ?? '',
    sender: [sender.firstName, sender.lastName].filter(Boolean).join(' '),
  };
}

/**
 * Plain text substitution of `{name}` placeholders; unknown ones become empty. `{link}` of the approval
 * templates is filled by the caller that has a link: customer approvals pass the absolute approval link
 * (modules/approvals/compose.ts). Values are inserted as text, never interpreted.
 */
export function fillTemplate(template: string, values: Record<string, string>): string {
  const byName = new Map(Object.entries(values).map(([k, v]) => [k.toLowerCase(), v]));
  return template
    .replace(/\{(\w+)\}/g, (_, name: string) => byName.get(name.toLowerCase()) ?? '')
    .replace(/[ \t]+/g, ' ')
    .replace(/ ([.,;:!?])/g, '$1')
    .trim();
}
