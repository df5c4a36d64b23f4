/**
 * Every query key of the web, one factory per area, in this one module: no key is written anywhere else
 * (reads and invalidations alike). A key starts with its area's root, so a write refreshes a whole area
 * (`invoiceKeys.lists`) or one record with everything read under it (`invoiceKeys.detail(id)`).
 * List keys leave the page out: the list hook (use-odata-list.ts) adds it. The module holds constants
 * only, so a chunk carries just the factories it uses (the footer, on the first screen, only
 * `conversationKeys`).
 */

/** The signed-in session (api/use-session.ts) and the navigation state kept on the server. */
export const sessionKeys = {
  session: ['session'] as const,
  /** The signed-in user alone (use-session.ts `useSelf`). */
  self: ['session', 'self'] as const,
  stateNavigation: ['stateNavigation'] as const,
};

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
  /** Every invoice read one by one (a job that funded many refreshes them all). */
  details: ['invoice'] as const,
  part: (id: number, name: string) => [...invoice(id), name] as const,
  /** The invoice's history: every entry, or only the contact entries. */
  history: (id: number, contactsOnly: boolean) => [...invoice(id), 'history', contactsOnly] as const,
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
  /** My Service Vehicles or My Requests (the tab, its filter, search and switches); the page: use-paged-list. */
  myList: (
    kind: 'vehicles' | 'requests',
    filterType: string,
    search: string,
    repair: boolean,
    replacement: boolean,
    recordId: number | undefined,
  ) => ['my-service-vehicles', kind, filterType, search, repair, replacement, recordId] as const,
  /** One stage of My Pipeline with the rows it shows. */
  pipeline: (stage: string, take: number, search: string, repair: boolean, replacement: boolean) =>
    ['my-service-vehicles', 'pipeline', stage, take, search, repair, replacement] as const,
  history: (id: number) => [...serviceVehicle(id), 'history'] as const,
  quotes: (id: number) => [...serviceVehicle(id), 'quotes'] as const,
  accessories: (id: number) => [...serviceVehicle(id), 'accessories'] as const,
  sources: ['service-vehicle-sources'] as const,
  quickQuoteLists: ['quick-quote-lists'] as const,
};

/** Messaging: conversations, groups, subscriptions, parked items and alerts. */
export const conversationKeys = {
  all: ['conversations'] as const,
  groups: ['message-groups'] as const,
  subscriptions: ['subscriptions'] as const,
  parked: ['parking', 'items'] as const,
  alerts: ['alerts', 'mine'] as const,
  option: (optionId: number) => ['options', optionId] as const,
};

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
  /** One page of a declared list with its filters, search and order (the page itself: use-odata-list). */
  page: (name: string, scope: object) => ['resource', name, scope] as const,
  /** A list answered as a plain array (facilities, users), by its Active filter and search. */
  array: (root: readonly unknown[], active: string | undefined, search: string) =>
    [...root, active, search] as const,
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

/** Pick lists searched on the server as the user types (query/use-search-select.ts). */
export const searchSelectKeys = {
  all: ['search-select'] as const,
  /** The rows matching a search of one source. */
  search: (path: string, text: string) => ['search-select', path, 'search', text] as const,
  /** The labels of chosen values (shown even when the page of matches leaves them out). */
  labels: (path: string, ids: readonly (string | number)[]) =>
    ['search-select', path, 'ids', ...ids] as const,
};

export const lookupKeys = {
  list: (path: string | undefined) => ['lookup', path] as const,
  image: (path: string, filePath: string | undefined | null) => ['image', path, filePath] as const,
  attachment: (url: string) => ['attachment', url] as const,
  /** A stored image's thumbnail (`?thumb=1`, 320 px wide): under its attachment key, so one refresh takes both. */
  attachmentThumb: (url: string) => ['attachment', url, 'thumb'] as const,
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
  /** The queue with the invoice the Find box asks for ('' : none). */
  queueFind: (facilityId: number | undefined, find: number | undefined) =>
    ['pending-audits', 'queue', facilityId ?? 'all', find ?? ''] as const,
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

/** The installer's day (features/installer-day). */
export const fieldKeys = {
  all: ['appointment-field'] as const,
  day: (date: string | undefined) => ['appointment-field', 'my-day', date ?? 'today'] as const,
};

/** The Control Room board of a facility (or of the user's own). */
export const controlRoomKeys = {
  all: ['control-room'] as const,
  board: (facilityId: number | undefined) => ['control-room', facilityId ?? 'mine'] as const,
};

export const callCenterKeys = {
  all: ['callCenter'] as const,
  dashboard: (facilityId?: number, from?: string, to?: string) =>
    ['callCenter', 'dashboard', facilityId ?? 0, from ?? '', to ?? ''] as const,
  categories: ['callCenter', 'categories'] as const,
  queries: (category: string) => ['callCenter', 'queries', category] as const,
  list: (queryId: number) => ['callCenter', 'list', queryId] as const,
  myCalls: ['callCenter', 'myCalls'] as const,
};

/** One report by its parameters (the report's query string, features/reports/reports-api.ts). */
export const reportKeys = {
  all: ['reports'] as const,
  one: (report: string, queryString: string) => ['reports', report, queryString] as const,
};

export const appointmentKeys = {
  all: ['appointments'] as const,
  facility: (day: string) => ['appointments', 'facility', day] as const,
  details: (invoiceId: number) => ['appointments', 'details', invoiceId] as const,
  /** What the installer recorded on an invoice (photos, notes, materials) and its parts and accessories. */
  fieldRecords: (invoiceId: number, kind: string) => ['appointments', 'field', invoiceId, kind] as const,
  /** Every field record of an invoice (a live change rereads them all). */
  allFieldRecords: (invoiceId: number) => ['appointments', 'field', invoiceId] as const,
  calendar: (q: object) => ['appointments', 'calendar', q] as const,
  dayRelated: (invoiceId: number) => ['appointments', 'dayRelated', invoiceId] as const,
  list: (q: object) => ['appointments', 'list', q] as const,
  /** Every route view (a route change refreshes each date and installer). */
  allRoutes: ['appointments', 'routes'] as const,
  routes: (q: object) => ['appointments', 'routes', q] as const,
  /** The active installers (schedule and route pick lists). */
  activeInstallers: ['appointments', 'installers', 'active'] as const,
  /** The installers the calendar shows from a date in a view (day, week, month). */
  calendarInstallers: (startDate: string, view: string) =>
    ['appointments', 'installers', startDate, view] as const,
  customerWaitingOptions: ['customerWaitingOptions'] as const,
};

export const loanerKeys = {
  all: ['loaners'] as const,
  reservations: (filter: string) => ['loaners', 'reservations', filter] as const,
  fleet: (facilityId?: number) => ['loaners', 'fleet', facilityId ?? 0] as const,
};

/**
 * Claim submissions (features/claims): the work queue and its counts under `all`; an invoice's submissions under
 * the invoice's detail, so its submit, unsubmit, finalize and unfinalize (which send or withdraw a claim) and the
 * /finalizing batch refresh them with the rest of the invoice.
 */
export const claimKeys = {
  all: ['claims'] as const,
  invoice: (invoiceId: number) => [...invoice(invoiceId), 'claims'] as const,
  queue: (filter: string) => ['claims', 'queue', filter] as const,
  counts: (filter: string) => ['claims', 'counts', filter] as const,
};

/** /remittances: the imports (history and one import) and the exceptions queue. */
export const remittanceKeys = {
  all: ['remittances'] as const,
  history: ['remittances', 'history'] as const,
  detail: (id: number) => ['remittances', 'detail', id] as const,
  exceptions: ['remittances', 'exceptions'] as const,
  exceptionsPage: (outcome: string, page: number) => ['remittances', 'exceptions', outcome, page] as const,
};
