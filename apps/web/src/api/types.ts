// Response shapes of the API contracts the shell uses (spec 1 §3, §7). Fields the screens do not read are
// left open (`[key: string]: unknown`) so a richer server answer never breaks the type.

export interface FacilityRef {
  id: number;
  name: string;
  shortName: string;
  brandId?: number | null;
}

export interface SelfUser {
  id: number;
  userName: string;
  firstName: string;
  lastName: string;
  userRole: number;
  userRoleId?: number;
  facility: FacilityRef | null;
  isOnDuty?: boolean;
}

export interface LoginResponse {
  token: string;
  user: Omit<SelfUser, 'isOnDuty' | 'userRoleId'>;
}

export interface TileInfo {
  name: string;
  displayName: string;
  url: string;
  icon: string;
  userTileId: number | null;
  tileId: number;
  isDisplayed: boolean;
  isSmallTile: boolean;
  hasShortcut: boolean;
}

export interface NamedItem {
  id: number;
  name: string;
  [key: string]: unknown;
}

export interface MessageGroup {
  id: number;
  name: string;
  description?: string | null;
}

export interface PhoneExtension {
  id?: number;
  name?: string;
  [key: string]: unknown;
}

export interface Employee {
  id: number;
  firstName: string;
  lastName: string;
  userRoleId: number;
  facilityId: number | null;
}

/** Spec 1 §3 "Session state" minus the messaging parts (conversations, subscriptions), which that work owns. */
export interface SessionState {
  user: SelfUser | null;
  tiles: TileInfo[];
  facilities: FacilityRef[];
  groupRoles: MessageGroup[];
  phoneExtensions: PhoneExtension[];
  vendors: NamedItem[];
  loanerCarTypes: NamedItem[];
  employeeList: Employee[];
  customerWaitingOptions: NamedItem[];
  dispositionReasons: NamedItem[];
  lostReasons: NamedItem[];
  isOnDuty: boolean;
}

export interface PersonName {
  firstName?: string | null;
  lastName?: string | null;
}

/** Spec 1 §3 "Service vehicle list row"; the server may nest or flatten vehicle and customer. */
export interface ServiceVehicleRow {
  id: number;
  createdAt?: string | null;
  flagged?: boolean;
  followUpDate?: string | null;
  inspectedAt?: string | null;
  promisedDateTime?: string | null;
  repairCount?: number | null;
  serviceAdvisorName?: string | null;
  windshieldChecked?: boolean;
  locked?: boolean;
  year?: number | string | null;
  make?: string | null;
  model?: string | null;
  vehicle?: {
    year?: number | string | null;
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
  customer?: (PersonName & { primaryPhone?: string | null; secondaryPhone?: string | null }) | null;
  vin?: string | null;
  repairOrderNumber?: string | null;
  statusId?: number | null;
  openDate?: string | null;
  facility?: Partial<FacilityRef> | string | null;
  leadTechnician?: string | PersonName | null;
  serviceTag?: string | null;
  phones?: Array<{ phone: string; phoneTypeId?: number } | string> | null;
  customerName?: string | null;
  licenseTag?: string | null;
  internal?: boolean;
  [key: string]: unknown;
}

/** Spec 1 §3 "Invoice (search fields)". */
export interface InvoiceSearchRow {
  id: number;
  facility?: Partial<FacilityRef> | string | null;
  lock?: { id?: number; user?: string | PersonName | null } | null;
  lockedBy?: string | PersonName | null;
  paymentTypeId?: number | null;
  customer?: (PersonName & { primaryPhone?: string | null }) | string | null;
  /** The server lists the invoice's sold-to name and phone flat. */
  soldTo?: string | null;
  customerPhone?: string | null;
  serviceVehicle?: { id?: number; [key: string]: unknown } | null;
  serviceVehicleId?: number | null;
  vehicleDetails?: { year?: number | string | null; make?: string | null; model?: string | null } | null;
  void?: boolean;
  lost?: boolean;
  openDateTime?: string | null;
  noteCount?: number | null;
  notesCount?: number | null;
  thumb?: number | null;
  replacement?: boolean;
  referenceNumber?: string | null;
  followUpAt?: string | null;
  serviceAddress?:
    | string
    | { line1?: string | null; city?: string | null; state?: string | null; zip?: string | null }
    | null;
  [key: string]: unknown;
}

export interface CustomerMatch {
  id: number;
  firstName?: string | null;
  lastName?: string | null;
  primaryPhone?: string | null;
  secondaryPhone?: string | null;
}

export interface PhoneLookupResult {
  customers: CustomerMatch[];
  serviceVehicles: ServiceVehicleRow[];
  invoices: InvoiceSearchRow[];
}

export interface SearchResult {
  invoices: InvoiceSearchRow[];
  serviceVehicles: ServiceVehicleRow[];
}

/** Spec 1 §3 "Parked item (as listed by the server)". */
export interface ParkedItem {
  id: number;
  parkLine: number;
  parkedAt: string;
  parkedByUser?: string | PersonName | null;
  parkedForUser?: string | PersonName | null;
  parkedForMessageGroup?: string | { name?: string } | null;
  serviceVehicleId?: number | null;
  invoiceId?: number | null;
  parkedForUserId?: number | null;
  parkedForMessageGroupId?: number | null;
}

/** Spec 1 §3 "Alert": the domain schema is the one shape both sides use. */
export type { Alert } from '@glass/domain/alert';
