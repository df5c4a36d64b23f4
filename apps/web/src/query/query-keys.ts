/**
 * One query-key factory per area. A key starts with its area's root, so a write refreshes a whole area
 * (`invoiceKeys.lists`) or one record with everything read under it (`invoiceKeys.detail(id)`).
 * List keys leave the page out: the list hook (use-odata-list.ts) adds it.
 */

const invoiceLists = ['invoices'] as const;
const invoice = (id: number) => ['invoice', id] as const;

export const invoiceKeys = {
  /** Every invoice list: the list, its summary, outstanding and finalizing. */
  lists: invoiceLists,
  list: (filter: string | undefined) => [...invoiceLists, 'list', filter] as const,
  summary: (filter: string | undefined) => [...invoiceLists, 'summary', filter] as const,
  outstanding: () => [...invoiceLists, 'outstanding'] as const,
  finalizing: (filter: string | undefined) => [...invoiceLists, 'finalizing', filter ?? ''] as const,
  /** The detail; the invoice's own lists live under it, so refreshing the detail refreshes them too. */
  detail: invoice,
  part: (id: number, name: string) => [...invoice(id), name] as const,
  notes: (id: number) => [...invoice(id), 'notes'] as const,
  vinHistory: (id: number) => [...invoice(id), 'vin-history'] as const,
  insurers: ['insurance-companies', 'active'] as const,
};

const serviceVehicle = (id: number) => ['service-vehicle', id] as const;

export const serviceVehicleKeys = {
  /** /service-vehicles and /service-drive. */
  lists: ['service-vehicles'] as const,
  list: (mode: 'list' | 'drive', filter: string | null) => ['service-vehicles', mode, filter] as const,
  /** /my-service-vehicles, /my-pipeline and /my-requests. */
  mine: ['my-service-vehicles'] as const,
  detail: serviceVehicle,
  history: (id: number) => [...serviceVehicle(id), 'history'] as const,
  quotes: (id: number) => [...serviceVehicle(id), 'quotes'] as const,
  accessories: (id: number) => [...serviceVehicle(id), 'accessories'] as const,
  sources: ['service-vehicle-sources'] as const,
  quickQuoteLists: ['quick-quote-lists'] as const,
};

/** Conversations, parking and alerts: their own module, so the footer (first screen) loads only these. */
export { conversationKeys } from './conversation-keys';

export const activityLogKeys = {
  all: ['activityLogs'] as const,
  list: (from: string, to: string, sessionId: number | null) =>
    ['activityLogs', from, to, sessionId] as const,
  details: (logId: number) => ['activityLogDetails', logId] as const,
  byParam: (paramId: number, value: string) => ['activityLogDetails', 'param', paramId, value] as const,
};

export const outboxKeys = {
  all: ['notifyOutbox'] as const,
  list: (channel: string | undefined, status: string | undefined) =>
    ['notifyOutbox', channel, status] as const,
};

/** Declared admin lists (apps/web/src/resources). */
export const resourceKeys = {
  list: (name: string) => ['resource', name] as const,
};

export const employeeKeys = {
  all: ['employees'] as const,
  attributes: (userId: number) => ['attributevalues', 'User', userId] as const,
  allAttributes: ['attributevalues', 'User'] as const,
};

export const facilityKeys = {
  all: ['facilities'] as const,
  detail: (id: number | undefined) => ['facility', id] as const,
  details: ['facility'] as const,
  newAttributes: ['facility', 'new-attributes'] as const,
  mapConfig: ['mapConfig'] as const,
};

export const lookupKeys = {
  list: (path: string | undefined) => ['lookup', path] as const,
  image: (path: string, filePath: string | undefined | null) => ['image', path, filePath] as const,
  attachment: (url: string) => ['attachment', url] as const,
  /** The signed-in user's saved switches of a page (attribute values of page attributes). */
  pageAttributes: (page: string) => ['page-attributes', page, 0] as const,
};

/** DMS imports (features/dms-imports): the history list and each import. */
export const dmsImportKeys = {
  all: ['dms-imports'] as const,
  history: ['dms-imports', 'history'] as const,
  detail: (id: number) => ['dms-imports', 'import', id] as const,
  vehicles: (id: number) => ['dms-imports', 'import', id, 'vehicles'] as const,
};

/** Pending Audits (features/audits): the queue, its counts, one invoice's checklist. */
export const auditKeys = {
  all: ['pending-audits'] as const,
  queue: (facilityId: number | undefined) => ['pending-audits', 'queue', facilityId ?? 'all'] as const,
  counts: ['pending-audits', 'counts'] as const,
  detail: (invoiceId: number) => ['pending-audits', 'invoice', invoiceId] as const,
};

/** Customer approvals: the list screen and each invoice's approvals section and consent. */
export const approvalKeys = {
  all: ['approvals'] as const,
  list: (filter: string | undefined) => ['approvals', 'list', filter] as const,
  ofInvoice: (invoiceId: number) => ['approvals', 'invoice', invoiceId] as const,
  consent: (invoiceId: number) => ['approvals', 'consent', invoiceId] as const,
};

/** Reconcile (issue #20): one key per date range and filters (the domain's reconcileCacheKey). */
export const reconcileKeys = {
  all: ['reconcile'] as const,
  list: (cacheKey: string) => ['reconcile', cacheKey] as const,
};

export const depositKeys = {
  all: ['deposits'] as const,
  list: (filter: string | undefined) => ['deposits', 'list', filter ?? ''] as const,
};
