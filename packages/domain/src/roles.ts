/**
 * The default role matrix. The specs list the roles but leave "which role may see which tile or
 * action" open (spec 1 §6, spec 2 §6), so this is our design, following what each job does:
 *
 * - None (0) is an account without a job yet: it can do nothing, not even see tiles.
 * - System Admin (1) can do everything.
 * - Manager (2) runs a shop: everything except options flagged adminOnly, which are system settings.
 * - Lead Technician (3) works vehicles end to end in the field: service vehicles, invoices up to
 *   submit (not finalize), appointments and routes, approvals, messages, parking, phone calls.
 * - Admin Assistant (4) runs the office: invoices including finalize, scheduling, loaners, reconcile
 *   and deposits, call center, and read access to the admin lists and employees; not the reports. Taking back a
 *   funding (`finance.unfund`) is left to managers: it undoes money already booked.
 * - Repair Technician (5) does the repairs: reads and edits the vehicles and invoices they work,
 *   updates appointment status on site, messages and parking; no creation, submit or scheduling.
 * - Reviewer (6) audits: every read action but the reports, and no write action (only their own settings).
 * - Reports (revenue, conversion, receivables) are for managers and admins only (issue #21).
 *
 * A tile is visible by default to the roles that may do its `view` action (tiles.ts). Per-user tile
 * rows from the server still decide what is displayed; this decides the defaults and what the
 * server allows.
 */
import { ACTIONS, type Action, ALL_ACTIONS } from './actions.js';
import { UserRole, type UserRoleId } from './enums.js';
import { TILES, type TileDefinition, tileById } from './tiles.js';

const READS = ALL_ACTIONS.filter((a) => ACTIONS[a].kind === 'read');
/**
 * Reads kept for those who run the business (issue #21: reports are for managers and admins): the
 * company's revenue, conversion and receivables across facilities are not part of an audit of records.
 */
const MANAGEMENT_READS: ReadonlySet<Action> = new Set<Action>(['reports.read']);
const everyone: Action[] = [
  'self.settings',
  'lookups.read',
  'messages.read',
  'messages.send',
  'search.use',
  'parking.write',
];

export const ROLE_ACTIONS: Readonly<Record<UserRoleId, ReadonlySet<Action>>> = {
  [UserRole.None]: new Set<Action>(),
  [UserRole.SystemAdmin]: new Set<Action>(ALL_ACTIONS),
  [UserRole.Manager]: new Set<Action>(ALL_ACTIONS.filter((a) => a !== 'options.adminOnly')),
  [UserRole.LeadTechnician]: new Set<Action>([
    ...everyone,
    'invoice.read',
    'invoice.write',
    'invoice.initiate',
    'invoice.lock',
    'invoice.submit',
    'invoice.send',
    'serviceVehicle.read',
    'serviceVehicle.write',
    'serviceVehicle.create',
    'appointments.read',
    'appointments.write',
    'appointments.status',
    'loaners.read',
    'approvals.read',
    'approvals.request',
    'phone.call',
  ]),
  [UserRole.AdminAssistant]: new Set<Action>([
    ...everyone,
    'invoice.read',
    'invoice.write',
    'invoice.initiate',
    'invoice.lock',
    'invoice.submit',
    'invoice.finalize',
    'invoice.send',
    'serviceVehicle.read',
    'serviceVehicle.write',
    'serviceVehicle.create',
    'appointments.read',
    'appointments.write',
    'loaners.read',
    'loaners.write',
    'approvals.read',
    'approvals.request',
    'finance.read',
    'finance.write',
    'audits.read',
    'audits.write',
    'callCenter.read',
    'callCenter.work',
    'dmsImports.read',
    'dmsImports.write',
    'facilities.read',
    'users.read',
    'admin.read',
    'phone.call',
  ]),
  [UserRole.RepairTechnician]: new Set<Action>([
    ...everyone,
    'invoice.read',
    'invoice.write',
    'invoice.lock',
    'serviceVehicle.read',
    'serviceVehicle.write',
    'appointments.read',
    'appointments.status',
  ]),
  [UserRole.Reviewer]: new Set<Action>(['self.settings', ...READS.filter((a) => !MANAGEMENT_READS.has(a))]),
};

function actionsOf(roleId: number | null | undefined): ReadonlySet<Action> {
  return (roleId !== null && roleId !== undefined && ROLE_ACTIONS[roleId as UserRoleId]) || ROLE_ACTIONS[0];
}

/** Unknown role ids get nothing, like None: a new role must be added here before it can act. */
export function can(roleId: number | null | undefined, action: Action): boolean {
  return actionsOf(roleId).has(action);
}

export function actionsForRole(roleId: number | null | undefined): Action[] {
  return ALL_ACTIONS.filter((a) => actionsOf(roleId).has(a));
}

/** The tiles a role sees by default, in catalogue order. */
export function tilesForRole(roleId: number | null | undefined): TileDefinition[] {
  return TILES.filter((t) => can(roleId, t.view));
}

export function canOpenTile(roleId: number | null | undefined, tileId: number): boolean {
  const tile = tileById(tileId);
  return !!tile && can(roleId, tile.view);
}

export function defaultRolesForTile(tileId: number): UserRoleId[] {
  const tile = tileById(tileId);
  if (!tile) return [];
  return (Object.values(UserRole) as UserRoleId[]).filter((r) => can(r, tile.view));
}

/**
 * Whether an actor of one role may grant another role, or act on an account that holds it (edit,
 * deactivate, reset its password, change its tiles, attributes, facility or brand): only when every
 * action the target role permits is one the actor's role permits too (security issue #12). So
 * nobody can make, promote to, demote or take over a role above their own; equal roles may manage
 * each other (a Manager manages Managers), and None (no actions) is manageable by anyone who may
 * write employees at all — that right itself (`users.write`) is checked by the route.
 */
export function canManageRole(
  actorRoleId: number | null | undefined,
  targetRoleId: number | null | undefined,
): boolean {
  const mine = actionsOf(actorRoleId);
  for (const a of actionsOf(targetRoleId)) if (!mine.has(a)) return false;
  return true;
}

/** The roles an actor may give an employee: none without `users.write`, else those `canManageRole` allows. */
export function assignableRoles(actorRoleId: number | null | undefined): UserRoleId[] {
  if (!can(actorRoleId, 'users.write')) return [];
  return (Object.values(UserRole) as UserRoleId[]).filter((r) => canManageRole(actorRoleId, r));
}
