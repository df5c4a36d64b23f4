import { describe, expect, it } from 'vitest';
import { UserRole } from './enums.js';
import { canOpenRoute, routeAction, routeActions } from './route-access.js';
import { TILES } from './tiles.js';

describe('route access (#15 item 2)', () => {
  it("a tile's route needs the tile's view action; detail screens need their read action", () => {
    for (const tile of TILES) expect(routeAction(tile.url)).toBe(tile.view);
    expect(routeAction('/invoices/:id')).toBe('invoice.read');
    expect(routeAction('/service-vehicles/:id')).toBe('serviceVehicle.read');
  });

  it('the homes, logout and password change need only a session', () => {
    for (const path of ['/', '/new-home', '/logout', '/password-change'] as const) {
      expect(routeAction(path)).toBeUndefined();
      expect(canOpenRoute(UserRole.None, path)).toBe(true);
    }
    // Every other route names an action, so no screen is open to every role by omission.
    const open = routeActions().filter((r) => r.action === undefined);
    expect(open.map((r) => r.path).sort()).toEqual(['/', '/logout', '/new-home', '/password-change']);
  });

  it('follows the role matrix', () => {
    expect(canOpenRoute(UserRole.RepairTechnician, '/employees')).toBe(false);
    expect(canOpenRoute(UserRole.AdminAssistant, '/employees')).toBe(true);
    expect(canOpenRoute(UserRole.Reviewer, '/invoices/:id')).toBe(true);
    expect(canOpenRoute(UserRole.Reviewer, '/new-service-vehicle')).toBe(false);
    expect(canOpenRoute(UserRole.SystemAdmin, '/activity-logs')).toBe(true);
    expect(canOpenRoute(UserRole.AdminAssistant, '/appointment-routes')).toBe(true);
    expect(canOpenRoute(UserRole.RepairTechnician, '/appointment-routes')).toBe(false);
    expect(canOpenRoute(UserRole.None, '/invoices')).toBe(false);
    expect(canOpenRoute(99, '/invoices')).toBe(false);
  });
});
