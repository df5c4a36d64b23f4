import { http, type ODataPage } from '../../api/http';

/** Shapes of apps/server/src/modules/service-vehicles (list-resource.ts, detail-service.ts, my-lists.ts). */
export interface SvUserRef {
  id: number;
  name: string;
}

export interface SvPhone {
  phone?: string | null;
  phoneTypeId?: number | null;
}

/** A row of GET /api/ServiceVehicles and of the My lists (flattened OData paths become nested objects). */
export interface SvListRow {
  id: number;
  facilityId?: number | null;
  createdAt?: string | null;
  followUpDate?: string | null;
  followedUp?: boolean;
  flagged?: boolean;
  inspectedAt?: string | null;
  promisedDateTime?: string | null;
  repairCount?: number | null;
  serviceAdvisorName?: string | null;
  windshieldChecked?: boolean;
  internal?: boolean;
  void?: boolean;
  lost?: boolean;
  invoiceId?: number | null;
  locked?: boolean;
  lockedBy?: string | null;
  leadTechnician?: string | null;
  priority?: number | null;
  priorityColor?: string | null;
  vehicle?: {
    year?: number | null;
    make?: string | null;
    model?: string | null;
    vin?: string | null;
    licenseTag?: string | null;
    serviceTag?: string | null;
  } | null;
  repairOrder?: {
    repairOrderNumber?: string | null;
    statusId?: number | null;
    openedAt?: string | null;
  } | null;
  customer?: {
    firstName?: string | null;
    lastName?: string | null;
    primaryPhone?: string | null;
    primaryPhoneTypeId?: number | null;
    secondaryPhone?: string | null;
    secondaryPhoneTypeId?: number | null;
  } | null;
  facility?: { name?: string | null; shortName?: string | null } | null;
  request?: {
    conversationId?: number;
    subject?: string | null;
    startedAt?: string | null;
    startedBy?: string | null;
    lastMessageAt?: string | null;
    unread?: boolean | number | null;
  } | null;
  [key: string]: unknown;
}

export interface SvHistoryEntry {
  id: number;
  activityDate?: string | null;
  activity?: string | null;
  user?: string | null;
  details?: string | null;
  activityLogId?: number | null;
  isContact?: boolean;
}

export interface SvRepair {
  id: number;
  lineNumber?: number | null;
  description?: string | null;
  location?: string | null;
  amount?: number | string | null;
}

export interface SvDetail {
  id: number;
  facility?: { id: number; name?: string | null; shortName?: string | null } | null;
  paymentTypeId?: number | null;
  lock?: { id: number; lockedAt?: string | null; user?: SvUserRef | null } | null;
  followedUp?: boolean;
  followUpDate?: string | null;
  readyForParts?: boolean;
  readyToCall?: boolean;
  readyToSchedule?: boolean;
  okToCall?: boolean;
  lastContactAt?: string | null;
  vehicle?: {
    year?: number | null;
    make?: string | null;
    model?: string | null;
    vin?: string | null;
    licenseTag?: string | null;
    licenseState?: string | null;
    serviceTag?: string | null;
    stockNumber?: string | null;
    topper?: string | null;
    bodyStyle?: string | null;
    color?: string | null;
    mileage?: number | null;
    sourceId?: number | null;
  } | null;
  repairOrder?: {
    repairOrderNumber?: string | null;
    openedAt?: string | null;
    closedAt?: string | null;
    statusDescription?: string | null;
    statusId?: number | null;
    total?: number | string | null;
  } | null;
  customer?: {
    id?: number;
    firstName?: string | null;
    lastName?: string | null;
    email?: string | null;
    contact?: { primaryPhone?: SvPhone | null; secondaryPhone?: SvPhone | null } | null;
  } | null;
  internal?: boolean;
  createdBy?: SvUserRef | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  leadTechnician?: SvUserRef | null;
  inspectedAt?: string | null;
  promisedDateTime?: string | null;
  invoiceId?: number | null;
  serviceAdvisorName?: string | null;
  void?: boolean;
  lost?: boolean;
  lostReason?: { id: number; name: string } | null;
  flagged?: boolean;
  repairCount?: number | null;
  windshieldChecked?: boolean;
  windshieldNotes?: string | null;
  replacementPartsCount?: number | null;
  thumb?: number | null;
  repairs?: SvRepair[];
  parkedItem?: {
    id: number;
    parkLine?: number | null;
    parkedAt?: string | null;
    parkedBy?: string | null;
    parkedFor?: string | null;
    parkedForMessageGroup?: string | null;
  } | null;
  notesCount?: number | null;
  history?: SvHistoryEntry[];
  lastDisposition?: { id: number; name: string; at?: string | null } | null;
  priority?: number | null;
  priorityColor?: string | null;
  repairQuoteAmount?: number | string | null;
  replacementQuoteAmount?: number | string | null;
  images?: SvImages | null;
}

/** Stored image paths of the detail (GET /api/files/{path} serves them). */
export interface SvImages {
  roImagePath?: string | null;
  insuranceCardImagePath?: string | null;
  windshieldImagePaths?: string[] | null;
}

export interface QuickQuotePart {
  invoiceId?: number | null;
  cog?: number | string | null;
  partNumber?: string | null;
  partTypeId?: number | null;
  quoted?: number | string | null;
  gradeId?: number | null;
  manufacturer?: string | null;
}

export interface QuickQuote {
  id: number;
  serviceVehicleId: number;
  quote1?: QuickQuotePart | null;
  quote2?: QuickQuotePart | null;
  quotedAt?: string | null;
  quotedBy?: string | null;
  [key: string]: unknown;
}

export interface CreateSvInput {
  facilityId?: number;
  repairCount: number;
  vehicle: {
    year?: number | null;
    make?: string | null;
    model?: string | null;
    vin?: string | null;
    licenseTag?: string | null;
    sourceId?: number | null;
  };
  repairOrder: { repairOrderNumber?: string | null };
  customer?: {
    firstName?: string;
    lastName?: string;
    contact?: { primaryPhone?: { phone?: string | null; phoneTypeId?: number } };
  };
}

export interface MyListQuery {
  TZO: number;
  skip: number;
  take: number;
  filterType?: string;
  search?: string;
  repair: boolean;
  replacement: boolean;
  recordId?: number;
}

/** Spec: TZO is the browser's offset in minutes, as Date#getTimezoneOffset gives it (300 for UTC-5). */
export const browserTzo = () => new Date().getTimezoneOffset();

export const svApi = {
  list: (query: Record<string, string | number | boolean | undefined>) =>
    http.get<ODataPage<SvListRow>>('ServiceVehicles', { query }),
  listMine: (kind: 'vehicles' | 'requests', query: MyListQuery) =>
    http.get<{ items: SvListRow[]; total: number }>(
      kind === 'vehicles' ? 'listMyServiceVehicles' : 'listMyRequests',
      { query: { ...query } },
    ),
  sources: () => http.get<Array<{ id: number; name: string }>>('ServiceVehicle/Sources'),
  create: (input: CreateSvInput) => http.post<SvDetail>('ServiceVehicle', input),
  detail: (id: number) => http.get<SvDetail>(`ServiceVehicle/${id}`),
  edit: (id: number, form: FormData) => http.put<SvDetail>(`ServiceVehicle/${id}`, form),
  patch: (id: number, body: Record<string, unknown>) => http.patch<SvDetail>(`ServiceVehicles/${id}`, body),
  action: (id: number, path: string) => http.put<SvDetail>(`ServiceVehicle/${id}/${path}`),
  thumb: (id: number, thumb: 1 | -1 | 0) => http.post<SvDetail>(`ServiceVehicle/${id}/thumb`, { thumb }),
  history: (id: number) =>
    http.get<ODataPage<SvHistoryEntry>>('ServiceVehicleHistory', { query: { ServiceVehicleId: id } }),
  quickQuotes: (id: number) =>
    http.get<ODataPage<QuickQuote> | QuickQuote[]>('QuickQuotes', { query: { ServiceVehicleId: id } }),
  addQuickQuote: (body: { serviceVehicleId: number; quote1: QuickQuotePart; quote2: QuickQuotePart }) =>
    http.post<QuickQuote>('QuickQuotes', body),
  updateQuickQuote: (id: number, body: { quote1: QuickQuotePart; quote2: QuickQuotePart }) =>
    http.put<QuickQuote>(`QuickQuotes/${id}`, body),
  quickQuoteLists: () =>
    http.get<{ partTypes: Array<{ id: number; name: string }>; grades: Array<{ id: number; name: string }> }>(
      'QuickQuotes/Lists',
    ),
  createInvoice: (id: number) =>
    http.post<{ invoiceId: number; created: boolean }>(`Invoices/createInvoiceFromServiceVehicle/${id}`),
};

export const svKeys = {
  detail: (id: number) => ['service-vehicle', id] as const,
  history: (id: number) => ['service-vehicle', id, 'history'] as const,
  quotes: (id: number) => ['service-vehicle', id, 'quotes'] as const,
  sources: ['service-vehicle-sources'] as const,
};
