import { describe, expect, it } from 'vitest';
import { ALL_ACTIONS } from './actions.js';
import { ROUTES } from './routes.js';
import { TILES, tileById, tileByName, tileByUrl } from './tiles.js';

// biome-ignore format: wrapped like the spec's own list, which is easier to compare than one name a line
const CATALOGUE = [
  'Employees', 'Facilities', 'Appointments', 'My Appointments', 'My Fac Appointments', 'My Pipeline',
  'My Service Vehicles', 'My Requests', 'Reports', 'Control Room', 'Call Manager', 'Insurance Companies',
  'Materials', 'Service Drive', 'Outstanding Invoices', 'DMS Imports', 'Vendors', 'Deposits', 'Attributes',
  'Clearing Houses', 'Finalizing', 'Options', 'Brands', 'Mailboxes', 'Email Templates', 'Activity Logs',
  'STA Phones', 'Service Vehicles', 'Invoices', 'Pending Audits', 'Vendors CTD', 'Call Center',
  'Customer Approval', 'Loaner Reservation', 'Windshield Accessories', 'Phone Extensions',
  'New Service Vehicle', 'Reconcile',
];

describe('tile catalogue (spec 2 §2)', () => {
  it('lists every tile of the catalogue, in catalogue order, then our own Outbox, Claim Queue and Remittances', () => {
    expect(TILES.map((t) => t.name)).toEqual([...CATALOGUE, 'Outbox', 'Claim Queue', 'Remittances']);
  });

  it('ids are unique and stable (1..38 in catalogue order, 39 Outbox, 40 Claim Queue, 41 Remittances)', () => {
    expect(TILES.map((t) => t.id)).toEqual(
      [...CATALOGUE, 'Outbox', 'Claim Queue', 'Remittances'].map((_, i) => i + 1),
    );
  });

  it('every tile opens an authenticated route (spec 2 §2, /outbox, /claim-queue and /remittances)', () => {
    const paths = new Set<string>(ROUTES.map((r) => r.path));
    for (const t of TILES) expect(paths.has(t.url)).toBe(true);
  });

  it('the routes named in the brief', () => {
    expect(tileByName('Employees')?.url).toBe('/employees');
    expect(tileByName('My Fac Appointments')?.url).toBe('/my-facility-appointments');
    expect(tileByName('STA Phones')?.url).toBe('/sta-phones');
    expect(tileByName('Customer Approval')?.url).toBe('/customer-approvals');
    expect(tileByName('Loaner Reservation')?.url).toBe('/loaner-reservations');
    expect(tileByName('Call Center')?.url).toBe('/call-center');
    expect(tileByName('New Service Vehicle')?.url).toBe('/new-service-vehicle');
  });

  it('urls are unique, icons are antd Outlined icon names, view actions exist', () => {
    expect(new Set(TILES.map((t) => t.url)).size).toBe(TILES.length);
    for (const t of TILES) {
      expect(t.icon).toMatch(/^[A-Z][A-Za-z]+Outlined$/);
      expect(ALL_ACTIONS).toContain(t.view);
    }
  });

  it("a tile route's screen title is the tile's display name", () => {
    for (const t of TILES) expect(ROUTES.find((r) => r.path === t.url)?.title).toBe(t.displayName);
  });

  it('looks tiles up by id, name (any case) and url', () => {
    expect(tileById(29)?.name).toBe('Invoices');
    expect(tileByName(' invoices ')?.id).toBe(29);
    expect(tileByUrl('/reconcile')?.id).toBe(38);
  });
});
