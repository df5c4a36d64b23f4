import { http } from '../../api/http';
import { patchChanges } from '../../api/patch';

/** Shapes of apps/server/src/modules/invoices (detail-service.ts, note-repair-service.ts). */
export interface UserRef {
  id: number;
  name: string;
}

export interface InvoicePhone {
  phone: string | null;
  phoneTypeId: number | null;
}

export interface InvoicePerson {
  id: number;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  primaryPhone: InvoicePhone;
  secondaryPhone: InvoicePhone;
  doNotCall: boolean;
  doNotText: boolean;
  email: string | null;
  doNotEmail: boolean;
  address: {
    line1: string | null;
    line2: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
  };
}

export interface InvoiceRepair {
  id: number;
  lineNumber: number;
  description: string;
  location: string | null;
  amount: number | string;
}

export interface InvoiceHistoryEntry {
  id: number;
  activityDate: string;
  activity: string;
  user: string | null;
  details: string | null;
  isContact: boolean;
}

type Money = number | string | null;

/** The body of GET /api/Invoices/{id}. */
export interface InvoiceDetail {
  id: number;
  facility: { id: number; name: string; shortName: string } | null;
  lock: { id: number; lockedAt: string; user: UserRef | null } | null;
  paymentTypeId: number;
  insuranceCompany: { id: number; name: string; clearingHouseId: number | null } | null;
  referenceNumber: string | null;
  claimNumber: string | null;
  policyNumber: string | null;
  lossDateTime: string | null;
  advertisementSourceNotes: string | null;
  customer: InvoicePerson | null;
  buyer: InvoicePerson | null;
  soldTo: string | null;
  administrator: UserRef | null;
  leadTechnician: UserRef | null;
  repairTechnician: UserRef | null;
  autoGlassAssociate: UserRef | null;
  initiated: boolean;
  pending: boolean;
  confirmed: boolean;
  completed: boolean;
  scheduled: boolean;
  signed: boolean;
  flagged: boolean;
  void: boolean;
  snailMail: boolean;
  inspection: boolean;
  lost: boolean;
  lostReason: { id: number; name: string } | null;
  submitted: boolean;
  submittedAt: string | null;
  funded: boolean;
  finalized: boolean;
  finalizedAt: string | null;
  followedUp: boolean;
  repairApproved: boolean;
  hasVerbalSignature: boolean;
  replacement: boolean;
  thumb: number;
  windshieldChecked: boolean;
  windshieldNotes: string | null;
  openDateTime: string | null;
  totalCost: Money;
  laborCost: Money;
  partsCost: Money;
  taxCost: Money;
  deductiblePayment: { value: Money; paymentTypeId: number | null };
  depositPayment: { value: Money; paymentTypeId: number | null };
  vehicleDetails: {
    year: number | null;
    make: string | null;
    model: string | null;
    vin: string | null;
    mileage: number | null;
  };
  tagDetails: { licensePlate: string | null; licenseState: string | null; serviceTag: string | null };
  repairs: InvoiceRepair[];
  serviceVehicle: {
    id: number;
    stockNumber: string | null;
    serviceAdvisor: string | null;
    repairOrder: { number: string | null; statusId: number | null; total: Money; openedAt: string | null };
    vehicle: { bodyStyle: string | null; color: string | null; serviceTag: string | null };
  } | null;
  parkedItem: { id: number; parkLine: number; parkedByUserId: number } | null;
  previousInvoiceId: number | null;
  nextInvoiceId: number | null;
  history: InvoiceHistoryEntry[];
  /** Installer visits scheduled for the invoice, each with its latest appointment. */
  appointmentSchedules?: {
    id: number;
    partTypeId: number | null;
    scheduledAt: string | null;
    status: string | null;
    installer: UserRef | null;
  }[];
}

export interface InvoiceNote {
  id: number;
  createdAt: string;
  lastEditedAt: string | null;
  invoiceId: number;
  note: string;
  author: string | null;
  subject: string | null;
  userId: number;
}

/** A VIN decode of the invoice's service vehicle (GET /api/VinLookup/history). */
export interface VinLookup {
  id: number;
  vin: string;
  lookedUpAt: string;
  user: string | null;
  source: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
}

export interface RepairInput {
  lineNumber?: number;
  description: string;
  location?: string | null;
  amount: number;
}

/** The work flow actions answered by POST /api/Invoices/{id}/{action}. */
export type InvoiceFlow =
  | 'submit'
  | 'unsubmit'
  | 'finalize'
  | 'unfinalize'
  | 'followUp'
  | 'markAsVerballyApproved'
  | 'void';

export const invoiceKeys = {
  detail: (id: number) => ['invoice', id] as const,
  notes: (id: number) => ['invoice', id, 'notes'] as const,
  vinHistory: (id: number) => ['invoice', id, 'vin-history'] as const,
  insurers: ['insurance-companies', 'active'] as const,
};

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
  insurers: () =>
    http.get<Array<{ id: number; name: string }>>('/insuranceCompany', { query: { inactive: false } }),
};

export const money = (value: Money | undefined) =>
  value === null || value === undefined || value === '' ? '' : `$${Number(value).toFixed(2)}`;
