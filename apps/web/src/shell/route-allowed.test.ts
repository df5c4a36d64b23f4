import { UserRole } from '@glass/domain/enums';
import { canOpenRoute } from '@glass/domain/route-access';
import type { RoutePath } from '@glass/domain/routes';
import { TILES } from '@glass/domain/tiles';
import { describe, expect, it } from 'vitest';
import type { SelfUser, TileInfo } from '@glass/domain/contracts';
import { routeAllowed } from './route-allowed';
import { openableTiles } from './tile-rules';

const user = (role: number): SelfUser => ({
  id: 1,
  userName: '105',
  firstName: 'A',
  lastName: 'B',
  userRole: role,
  userRoleId: role,
  isOnDuty: true,
  facility: null,
  homeFacilityId: null,
  allowedFacilityIds: null,
});

const tileRows: TileInfo[] = TILES.map((t) => ({
  name: t.name,
  displayName: t.displayName,
  url: t.url,
  icon: t.icon,
  userTileId: null,
  tileId: t.id,
  isDisplayed: true,
  isSmallTile: false,
  hasShortcut: false,
}));

describe('role-aware navigation (#15 item 2)', () => {
  it('a screen opened by URL is allowed by the role matrix, matched like the router', () => {
    const tech = user(UserRole.RepairTechnician);
    expect(routeAllowed('/employees', tech)).toBe(false);
    expect(routeAllowed('/EMPLOYEES/', tech)).toBe(false);
    expect(routeAllowed('/activity-logs', tech)).toBe(false);
    expect(routeAllowed('/invoices', tech)).toBe(true);
    expect(routeAllowed('/invoices/3001', tech)).toBe(true);
    expect(routeAllowed('/new-service-vehicle', user(UserRole.Reviewer))).toBe(false);
    expect(routeAllowed('/employees', user(UserRole.SystemAdmin))).toBe(true);
    // Homes and unknown paths are not refused here (the not-found screen answers the latter).
    expect(routeAllowed('/new-home', user(UserRole.None))).toBe(true);
    expect(routeAllowed('/no-such-screen', tech)).toBe(true);
    // Without a loaded user the screen and the server decide.
    expect(routeAllowed('/employees', null)).toBe(true);
  });

  it('the home, editor and shortcuts offer only the tiles the role may open, in the given order', () => {
    const tech = openableTiles(tileRows, UserRole.RepairTechnician).map((t) => t.name);
    expect(tech).toContain('Invoices');
    expect(tech).toContain('Service Vehicles');
    expect(tech).not.toContain('Employees');
    expect(tech).not.toContain('Activity Logs');
    expect(tech).not.toContain('New Service Vehicle');
    expect(openableTiles(tileRows, UserRole.SystemAdmin)).toHaveLength(tileRows.length);
    expect(openableTiles(tileRows, UserRole.None)).toEqual([]);
    const reversed = [...tileRows].reverse();
    const reviewer = openableTiles(reversed, UserRole.Reviewer).map((t) => t.name);
    expect(reviewer).toEqual(
      reversed.filter((t) => canOpenRoute(UserRole.Reviewer, t.url as RoutePath)).map((t) => t.name),
    );
    expect(reviewer).not.toContain('New Service Vehicle');
    expect(reviewer).not.toContain('Remittances');
    // A tile the catalogue does not know is not offered.
    const unknown = { ...tileRows[0], url: '/somewhere', tileId: 999 };
    expect(openableTiles([unknown], UserRole.SystemAdmin)).toEqual([]);
  });
});
