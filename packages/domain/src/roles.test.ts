import { describe, expect, it } from 'vitest';
import { ACTIONS, ALL_ACTIONS } from './actions.js';
import { UserRole, type UserRoleId } from './enums.js';
import {
  actionsForRole,
  assignableRoles,
  can,
  canManageRole,
  canOpenTile,
  defaultRolesForTile,
  tilesForRole,
} from './roles.js';
import { TILES } from './tiles.js';

const writes = ALL_ACTIONS.filter((a) => ACTIONS[a].kind === 'write');
const reads = ALL_ACTIONS.filter((a) => ACTIONS[a].kind === 'read');

describe('role matrix (spec 1 §6 and spec 2 §6 leave it open; this is our default)', () => {
  it('System Admin can do everything', () => {
    for (const a of ALL_ACTIONS) expect(can(UserRole.SystemAdmin, a)).toBe(true);
    expect(tilesForRole(UserRole.SystemAdmin)).toHaveLength(TILES.length);
  });

  it('role 0 None can do nothing and sees no tile', () => {
    expect(actionsForRole(UserRole.None)).toEqual([]);
    expect(tilesForRole(UserRole.None)).toEqual([]);
  });

  it('unknown, null and undefined role ids are treated like None', () => {
    for (const id of [7, -1, 1.5, null, undefined]) expect(actionsForRole(id)).toEqual([]);
  });

  it('Reviewer is read-only: every read action but the reports, no write action at all', () => {
    for (const a of writes) expect(can(UserRole.Reviewer, a)).toBe(false);
    for (const a of reads) expect(can(UserRole.Reviewer, a)).toBe(a !== 'reports.read');
  });

  it('Reports are for managers and admins only (issue #21)', () => {
    const roles = (Object.values(UserRole) as UserRoleId[]).filter((r) => can(r, 'reports.read'));
    expect(roles).toEqual([UserRole.SystemAdmin, UserRole.Manager]);
    expect(defaultRolesForTile(9)).toEqual([UserRole.SystemAdmin, UserRole.Manager]);
  });

  it('Reviewer sees no tile that opens a write screen (New Service Vehicle)', () => {
    expect(tilesForRole(UserRole.Reviewer).map((t) => t.name)).not.toContain('New Service Vehicle');
  });

  it('Manager can do everything except options flagged adminOnly', () => {
    expect(ALL_ACTIONS.filter((a) => !can(UserRole.Manager, a))).toEqual(['options.adminOnly']);
  });

  it('only System Admin may change adminOnly options', () => {
    for (const role of Object.values(UserRole)) {
      expect(can(role, 'options.adminOnly')).toBe(role === UserRole.SystemAdmin);
    }
  });

  it('finalize belongs to the office (Admin Assistant), not to technicians', () => {
    expect(can(UserRole.AdminAssistant, 'invoice.finalize')).toBe(true);
    expect(can(UserRole.LeadTechnician, 'invoice.finalize')).toBe(false);
    expect(can(UserRole.RepairTechnician, 'invoice.finalize')).toBe(false);
  });

  it('technicians work vehicles and invoices but not the admin lists or employees', () => {
    for (const role of [UserRole.LeadTechnician, UserRole.RepairTechnician]) {
      expect(can(role, 'serviceVehicle.write')).toBe(true);
      expect(can(role, 'invoice.write')).toBe(true);
      expect(can(role, 'admin.write')).toBe(false);
      expect(can(role, 'users.write')).toBe(false);
    }
  });

  it('a Repair Technician updates appointment status but does not schedule', () => {
    expect(can(UserRole.RepairTechnician, 'appointments.status')).toBe(true);
    expect(can(UserRole.RepairTechnician, 'appointments.write')).toBe(false);
  });

  it('every real role can change its own settings and read messages', () => {
    for (const role of [1, 2, 3, 4, 5, 6]) {
      expect(can(role, 'self.settings')).toBe(true);
      expect(can(role, 'messages.read')).toBe(true);
    }
  });

  it('every role that may do something sees at least one tile', () => {
    for (const role of [1, 2, 3, 4, 5, 6]) expect(tilesForRole(role).length).toBeGreaterThan(0);
  });

  it('tilesForRole keeps catalogue order', () => {
    const ids = tilesForRole(UserRole.AdminAssistant).map((t) => t.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('defaultRolesForTile and canOpenTile agree with tilesForRole', () => {
    for (const tile of TILES) {
      for (const role of defaultRolesForTile(tile.id)) {
        expect(canOpenTile(role, tile.id)).toBe(true);
        expect(tilesForRole(role)).toContain(tile);
      }
    }
    expect(defaultRolesForTile(9999)).toEqual([]);
    expect(canOpenTile(UserRole.SystemAdmin, 9999)).toBe(false);
  });

  it('Employees is visible to admin, manager, admin assistant and reviewer', () => {
    expect(defaultRolesForTile(1)).toEqual([1, 2, 4, 6]);
  });
});

describe('security: role escalation (issue #12) — canManageRole and assignableRoles', () => {
  const roles = Object.values(UserRole);

  it('canManageRole is exactly "the target role permits nothing the actor role does not"', () => {
    for (const actor of roles) {
      for (const target of roles) {
        const subset = actionsForRole(target).every((a) => can(actor, a));
        expect(canManageRole(actor, target), `${actor} -> ${target}`).toBe(subset);
      }
    }
  });

  it('a Manager cannot grant, edit or demote a System Admin; a System Admin manages every role', () => {
    expect(canManageRole(UserRole.Manager, UserRole.SystemAdmin)).toBe(false);
    for (const target of roles) expect(canManageRole(UserRole.SystemAdmin, target)).toBe(true);
  });

  it('a Manager manages every role but System Admin, including other Managers', () => {
    for (const target of roles) {
      expect(canManageRole(UserRole.Manager, target)).toBe(target !== UserRole.SystemAdmin);
    }
  });

  it('it follows the actions, not the role numbers (Lead Technician vs Admin Assistant, Reviewer)', () => {
    expect(canManageRole(UserRole.LeadTechnician, UserRole.AdminAssistant)).toBe(false);
    expect(canManageRole(UserRole.AdminAssistant, UserRole.LeadTechnician)).toBe(false);
    expect(canManageRole(UserRole.Reviewer, UserRole.AdminAssistant)).toBe(false);
    expect(canManageRole(UserRole.AdminAssistant, UserRole.Reviewer)).toBe(true);
    expect(canManageRole(UserRole.LeadTechnician, UserRole.RepairTechnician)).toBe(true);
    expect(canManageRole(UserRole.RepairTechnician, UserRole.LeadTechnician)).toBe(false);
  });

  it('unknown, null and undefined actors manage only roles with no actions (None)', () => {
    for (const actor of [7, -1, null, undefined]) {
      for (const target of roles) expect(canManageRole(actor, target)).toBe(target === UserRole.None);
    }
    expect(canManageRole(UserRole.RepairTechnician, 42)).toBe(true);
  });

  it('assignableRoles: the roles a users.write holder may grant; nothing without users.write', () => {
    expect(assignableRoles(UserRole.SystemAdmin)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(assignableRoles(UserRole.Manager)).toEqual([0, 2, 3, 4, 5, 6]);
    for (const actor of [0, 3, 4, 5, 6, 7, null]) expect(assignableRoles(actor)).toEqual([]);
  });
});
