/**
 * Every authenticated route of spec 2 §2 (plus the root home of spec 1 §2) with its screen title.
 * Paths use the router's `:id` syntax where the spec writes `{id}`; titles keep `{id}` as a
 * placeholder filled by `routeTitle`. Tile routes take the tile's display name as title.
 */
export const ROUTES = [
  { path: '/', title: 'Home' },
  { path: '/new-home', title: 'Home' },
  { path: '/logout', title: 'Logout' },
  { path: '/password-change', title: 'Change Password' },
  { path: '/employees', title: 'Employees' },
  { path: '/facilities', title: 'Facilities' },
  { path: '/appointments', title: 'Appointments' },
  { path: '/my-appointments', title: 'My Appointments' },
  { path: '/my-facility-appointments', title: 'My Facility Appointments' },
  { path: '/schedule-appointment', title: 'Schedule Appointment' },
  { path: '/my-pipeline', title: 'My Pipeline' },
  { path: '/my-service-vehicles', title: 'My Service Vehicles' },
  { path: '/my-requests', title: 'My Requests' },
  { path: '/pending-audits', title: 'Pending Audits' },
  // Ours, beyond spec 2 §2: insurance claims waiting on the shop or the insurer (issue #35).
  { path: '/claim-queue', title: 'Claim Queue' },
  // Ours, beyond spec 2 §2: insurers' payment files imported and their exceptions worked (issue #35 item 4).
  { path: '/remittances', title: 'Remittances' },
  { path: '/phone-requests', title: 'Phone Requests' },
  { path: '/reconcile', title: 'Reconcile' },
  { path: '/reports', title: 'Reports' },
  { path: '/vendors-ctd', title: 'Vendors CTD' },
  { path: '/call-center', title: 'Call Center' },
  { path: '/call-status', title: 'Call Status' },
  { path: '/control-room', title: 'Control Room' },
  { path: '/call-manager', title: 'Call Manager' },
  { path: '/insurance-companies', title: 'Insurance Companies' },
  { path: '/materials', title: 'Materials' },
  { path: '/outstanding-invoices', title: 'Outstanding Invoices' },
  { path: '/dms-imports', title: 'DMS Imports' },
  { path: '/service-drive', title: 'Service Drive' },
  { path: '/vendors', title: 'Vendors' },
  { path: '/customer-approvals', title: 'Customer Approvals' },
  { path: '/loaner-reservations', title: 'Loaner Reservations' },
  { path: '/deposits', title: 'Deposits' },
  { path: '/attributes', title: 'Attributes' },
  { path: '/options', title: 'Options' },
  { path: '/clearing-houses', title: 'Clearing Houses' },
  { path: '/brands', title: 'Brands' },
  { path: '/activity-logs', title: 'Activity Logs' },
  { path: '/email-templates', title: 'Email Templates' },
  { path: '/mailboxes', title: 'Mailboxes' },
  { path: '/finalizing', title: 'Finalizing' },
  { path: '/sta-phones', title: 'STA Phones' },
  { path: '/service-vehicles', title: 'Service Vehicles' },
  { path: '/invoices', title: 'Invoices' },
  { path: '/outbox', title: 'Outbox' },
  /** Ours (issue #18 item 4): the office's view of the installers' routes, opened from /appointments. */
  { path: '/appointment-routes', title: 'Appointment Routes' },
  { path: '/invoices/:id', title: 'Invoice: {id}' },
  { path: '/service-vehicles/:id', title: 'Service Vehicle: {id}' },
  { path: '/windshield-accessories', title: 'Windshield Accessories' },
  { path: '/phone-extensions', title: 'Phone Extensions' },
  { path: '/new-service-vehicle', title: 'New Service Vehicle' },
] as const;

export type AppRoute = (typeof ROUTES)[number];
export type RoutePath = AppRoute['path'];

/** Routes reachable without a token (spec 2 §2 "Public routes"); `*` is the opt-in hash. */
export const PUBLIC_ROUTES = [
  { path: '/login', title: 'Login' },
  { path: '/sign-approval/:id', title: 'Customer Approval' },
  { path: '/sign-initiate/:id', title: 'Initiate Invoice' },
  { path: '/customer-opt-in/*', title: 'Customer Opt-In' },
] as const;

export type PublicRoutePath = (typeof PUBLIC_ROUTES)[number]['path'];

/** Fills `{id}` in a route title, e.g. `routeTitle('/invoices/:id', 42)` → 'Invoice: 42'. */
export function routeTitle(path: RoutePath, id?: string | number): string {
  const route = ROUTES.find((r) => r.path === path);
  if (!route) return '';
  return id === undefined ? route.title : route.title.replace('{id}', String(id));
}

/** Builds a concrete path, e.g. `routePath('/invoices/:id', 42)` → '/invoices/42'. */
export function routePath(path: RoutePath, id?: string | number): string {
  return id === undefined ? path : path.replace(':id', encodeURIComponent(String(id)));
}
