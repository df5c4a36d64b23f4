/**
 * The tile catalogue of spec 2 §2, in catalogue order. Ids are ours and stable (they are stored as
 * UserTiles.tileId), so append new tiles, never renumber. `view` is the role-matrix action a user
 * needs for the tile by default (see `roles.ts` for `tilesForRole` and `defaultRolesForTile`).
 * `icon` names an @ant-design/icons component; the web maps the name to the component.
 */
import type { Action } from './actions.js';
import type { RoutePath } from './routes.js';

export { ROUTES } from './routes.js';

export interface TileDefinition {
  readonly id: number;
  readonly name: string;
  readonly displayName: string;
  readonly url: RoutePath;
  readonly icon: string;
  readonly view: Action;
}

const tile = (
  id: number,
  name: string,
  url: RoutePath,
  icon: string,
  view: Action,
  displayName = name,
): TileDefinition => ({ id, name, displayName, url, icon, view });

export const TILES: readonly TileDefinition[] = [
  tile(1, 'Employees', '/employees', 'TeamOutlined', 'users.read'),
  tile(2, 'Facilities', '/facilities', 'ShopOutlined', 'facilities.read'),
  tile(3, 'Appointments', '/appointments', 'CalendarOutlined', 'appointments.read'),
  tile(4, 'My Appointments', '/my-appointments', 'ScheduleOutlined', 'appointments.read'),
  tile(
    5,
    'My Fac Appointments',
    '/my-facility-appointments',
    'CarryOutOutlined',
    'appointments.read',
    'My Facility Appointments',
  ),
  tile(6, 'My Pipeline', '/my-pipeline', 'FunnelPlotOutlined', 'serviceVehicle.read'),
  tile(7, 'My Service Vehicles', '/my-service-vehicles', 'IdcardOutlined', 'serviceVehicle.read'),
  tile(8, 'My Requests', '/my-requests', 'InboxOutlined', 'serviceVehicle.read'),
  tile(9, 'Reports', '/reports', 'BarChartOutlined', 'reports.read'),
  tile(10, 'Control Room', '/control-room', 'DashboardOutlined', 'callCenter.read'),
  tile(11, 'Call Manager', '/call-manager', 'PhoneOutlined', 'callCenter.read'),
  tile(12, 'Insurance Companies', '/insurance-companies', 'SafetyCertificateOutlined', 'admin.read'),
  tile(13, 'Materials', '/materials', 'AppstoreOutlined', 'admin.read'),
  tile(14, 'Service Drive', '/service-drive', 'ToolOutlined', 'serviceVehicle.read'),
  tile(15, 'Outstanding Invoices', '/outstanding-invoices', 'ExclamationCircleOutlined', 'finance.read'),
  tile(16, 'DMS Imports', '/dms-imports', 'ImportOutlined', 'dmsImports.read'),
  tile(17, 'Vendors', '/vendors', 'ShoppingOutlined', 'admin.read'),
  tile(18, 'Deposits', '/deposits', 'BankOutlined', 'finance.read'),
  tile(19, 'Attributes', '/attributes', 'TagsOutlined', 'admin.read'),
  tile(20, 'Clearing Houses', '/clearing-houses', 'ClusterOutlined', 'admin.read'),
  tile(21, 'Finalizing', '/finalizing', 'CheckSquareOutlined', 'finance.read'),
  tile(22, 'Options', '/options', 'SettingOutlined', 'admin.read'),
  tile(23, 'Brands', '/brands', 'CrownOutlined', 'admin.read'),
  tile(24, 'Mailboxes', '/mailboxes', 'MailOutlined', 'admin.read'),
  tile(25, 'Email Templates', '/email-templates', 'FileTextOutlined', 'admin.read'),
  tile(26, 'Activity Logs', '/activity-logs', 'HistoryOutlined', 'admin.read'),
  tile(27, 'STA Phones', '/sta-phones', 'MobileOutlined', 'loaners.read'),
  tile(28, 'Service Vehicles', '/service-vehicles', 'CarOutlined', 'serviceVehicle.read'),
  tile(29, 'Invoices', '/invoices', 'FileDoneOutlined', 'invoice.read'),
  tile(30, 'Pending Audits', '/pending-audits', 'AuditOutlined', 'audits.read'),
  tile(31, 'Vendors CTD', '/vendors-ctd', 'FundOutlined', 'admin.read'),
  tile(32, 'Call Center', '/call-center', 'CustomerServiceOutlined', 'callCenter.read'),
  tile(
    33,
    'Customer Approval',
    '/customer-approvals',
    'LikeOutlined',
    'approvals.read',
    'Customer Approvals',
  ),
  tile(
    34,
    'Loaner Reservation',
    '/loaner-reservations',
    'KeyOutlined',
    'loaners.read',
    'Loaner Reservations',
  ),
  tile(35, 'Windshield Accessories', '/windshield-accessories', 'BuildOutlined', 'admin.read'),
  tile(36, 'Phone Extensions', '/phone-extensions', 'NumberOutlined', 'admin.read'),
  tile(37, 'New Service Vehicle', '/new-service-vehicle', 'PlusCircleOutlined', 'serviceVehicle.create'),
  tile(38, 'Reconcile', '/reconcile', 'ReconciliationOutlined', 'finance.read'),
  // Ours, beyond the spec's catalogue: the e-mails and texts the app sent or is sending (issue 7).
  tile(39, 'Outbox', '/outbox', 'SendOutlined', 'admin.read'),
  // Ours: insurance claims that bounced or wait on the insurer (issue #35).
  tile(40, 'Claim Queue', '/claim-queue', 'ExclamationCircleOutlined', 'finance.read'),
  // Ours: insurers' payment files that fund invoices, and the lines left to match by hand (issue #35 item 4).
  tile(41, 'Remittances', '/remittances', 'BankOutlined', 'finance.write'),
];

const BY_ID = new Map(TILES.map((t) => [t.id, t]));
const BY_NAME = new Map(TILES.map((t) => [t.name.toLowerCase(), t]));

export function tileById(id: number): TileDefinition | undefined {
  return BY_ID.get(id);
}

/** Server tile rows carry the name; matched case-insensitively because stored names vary in case. */
export function tileByName(name: string): TileDefinition | undefined {
  return BY_NAME.get(name.trim().toLowerCase());
}

export function tileByUrl(url: string): TileDefinition | undefined {
  return TILES.find((t) => t.url === url);
}
