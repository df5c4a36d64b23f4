import { formatMoney } from '@glass/domain/rules/money-format';
import { http } from '../../api/http';
import { patchChanges } from '../../api/patch';

import type { InvoiceDetail, InvoiceFlow, InvoiceNote, RepairInput } from '@glass/domain/contracts/invoices';
import type { VinLookup } from '@glass/domain/contracts/service-vehicles';
import type { NamedItem } from '@glass/domain/contracts/common';

/** The answers are the contract's (packages/domain/src/contracts/invoices.ts), which the API tests parse. */
export type {
  InvoiceDetail,
  InvoiceFlow,
  InvoiceHistoryEntry,
  InvoiceNote,
  InvoicePerson,
  InvoicePhone,
  InvoiceRepair,
  RepairInput,
  UserRef,
} from '@glass/domain/contracts/invoices';
export type { VinLookup } from '@glass/domain/contracts/service-vehicles';

type Money = number | string | null;

const base = (id: number) => `/Invoices/${id}`;

export const invoiceApi = {
  detail: (id: number) => http.get<InvoiceDetail>(base(id)),
  /** Only the changed fields go out; undefined (no request) when nothing changed. */
  patch: <T extends object>(id: number, original: T, edited: T) =>
    patchChanges<T, InvoiceDetail>(base(id), original, edited),
  flow: (id: number, action: InvoiceFlow) => http.post<InvoiceDetail>(`${base(id)}/${action}`),
  thumb: (id: number, thumb: number) =>
    http.post<InvoiceDetail>(`${base(id)}/thumb`, { invoiceId: id, thumb }),
  lost: (id: number, lostReasonId: number) => http.post<InvoiceDetail>(`${base(id)}/lost`, { lostReasonId }),
  lock: (id: number) => http.put<InvoiceDetail>(`${base(id)}/LockForCurrentUser`),
  unlock: (lockId: number) => http.delete(`/InvoiceLocks/${lockId}`),
  notes: (id: number) => http.get<InvoiceNote[]>('/InvoiceNotes', { query: { InvoiceId: id } }),
  addNote: (invoiceId: number, note: { subject?: string; note: string }) =>
    http.post<InvoiceNote>('/InvoiceNotes', { invoiceId, ...note }),
  editNote: (noteId: number, note: { subject?: string; note: string }) =>
    http.put<InvoiceNote>(`/InvoiceNotes/${noteId}`, note),
  addRepair: (invoiceId: number, repair: RepairInput) =>
    http.post<InvoiceDetail>('/InvoiceRepairs', { invoiceId, ...repair }),
  editRepair: (repairId: number, repair: Partial<RepairInput>) =>
    http.put<InvoiceDetail>(`/InvoiceRepairs/${repairId}`, repair),
  vinHistory: (serviceVehicleId: number) =>
    http.get<VinLookup[]>('/VinLookup/history', { query: { serviceVehicleId } }),
  insurers: () => http.get<NamedItem[]>('/insuranceCompany', { query: { inactive: false } }),
};

/** Money through the domain's one formatter ($1,234.56; '' when empty). */
export const money = (value: Money | undefined) => formatMoney(value);
