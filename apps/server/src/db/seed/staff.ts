import { tilesForRole } from '@glass/domain/roles';
import { hashPassword } from '../../auth/password.js';
import * as s from '../schema/index.js';
import type { SeedContext, Staff } from './context.js';
import { FACILITIES, MESSAGE_GROUPS } from './data/catalogue.js';
import { FIRST_NAMES, LAST_NAMES } from './data/people.js';
import type { Rng } from './prng.js';

export interface Employee {
  id: number;
  userName: string;
  pin: string;
  firstName: string;
  lastName: string;
  role: number;
  facilityId: number;
  isInstaller: boolean;
  isActive: boolean;
}

/** The demo accounts (spec: users 101..106, one per role 1..6): [id, PIN, first, last, installer]. */
const DEMO: readonly (readonly [number, string, string, string, boolean])[] = [
  [101, '258036', 'Diane', 'Whitfield', false],
  [102, '369147', 'Marcus', 'Bell', false],
  [103, '471582', 'Luis', 'Ortega', true],
  [104, '582693', 'Tina', 'Nguyen', false],
  [105, '693704', 'Kevin', 'Price', true],
  [106, '704815', 'Rachel', 'Stone', false],
];

/** Roles of employees 107..160, in order: 54 people; half the repair technicians are installers. */
const OTHER_ROLES: number[] = [
  1,
  2,
  2,
  2,
  2,
  3,
  3,
  3,
  3,
  3,
  3,
  3,
  ...Array(9).fill(4),
  ...Array(28).fill(5),
  6,
  6,
  6,
  0,
  0,
];

export function employees(rng: Rng): Employee[] {
  const list: Employee[] = DEMO.map(([id, pin, firstName, lastName, isInstaller], k) => ({
    id,
    userName: String(id),
    pin,
    firstName,
    lastName,
    role: k + 1,
    facilityId: 1,
    isInstaller,
    isActive: true,
  }));
  OTHER_ROLES.forEach((role, k) => {
    const id = 107 + k;
    let pin = rng.digits(6);
    while (/^(\d)\1{5}$/.test(pin)) pin = rng.digits(6);
    list.push({
      id,
      userName: String(id),
      pin,
      firstName: rng.pick(FIRST_NAMES),
      lastName: rng.pick(LAST_NAMES),
      role,
      // Managers run facilities 2..5; everybody else is spread round-robin.
      facilityId: role === 2 ? 1 + (k % 4) + 1 : 1 + (k % FACILITIES.length),
      isInstaller: (role === 5 && k % 2 === 0) || (role === 3 && k % 3 === 0),
      isActive: role !== 0,
    });
  });
  return list;
}

/** scrypt is deliberately slow; hash in parallel (the libuv pool runs four at a time). */
async function hashAll(list: Employee[], pepper: string, cost: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < list.length; i += 8) {
    const chunk = list.slice(i, i + 8);
    out.push(...(await Promise.all(chunk.map((e) => hashPassword(e.pin, { pepper, cost })))));
  }
  return out;
}

export async function hashEmployeePins(list: Employee[], pepper: string, cost: number): Promise<string[]> {
  return hashAll(list, pepper, cost);
}

const SHORTCUTS: Record<number, string[]> = {
  1: ['Invoices', 'Service Vehicles', 'Options'],
  2: ['Invoices', 'Service Vehicles', 'Appointments'],
  3: ['My Pipeline', 'My Appointments', 'Invoices'],
  4: ['Invoices', 'Reconcile', 'Appointments'],
  5: ['My Appointments', 'My Service Vehicles', 'Invoices'],
  6: ['Invoices', 'Reports', 'Activity Logs'],
};
const SMALL_TILES = new Set([
  'Brands',
  'Options',
  'Attributes',
  'Mailboxes',
  'Email Templates',
  'Materials',
  'Phone Extensions',
  'Windshield Accessories',
  'Clearing Houses',
]);

export async function seedStaff(ctx: SeedContext, list: Employee[], hashes: string[]): Promise<Staff> {
  const { tx, anchor } = ctx;
  await tx.insert(s.users).values(
    list.map((e, i) => ({
      id: e.id,
      userName: e.userName,
      passwordHash: hashes[i],
      firstName: e.firstName,
      lastName: e.lastName,
      email:
        `${e.firstName}.${e.lastName}`.toLowerCase().replace(/[^a-z.]/g, '') +
        `${e.id}@lonestarautoglass.com`,
      phone: `832${String(5550000 + e.id * 37).slice(0, 7)}`,
      userRoleId: e.role,
      facilityId: e.facilityId,
      brandId: FACILITIES[e.facilityId - 1].brandId,
      isActive: e.isActive,
      isOnDuty: e.isActive,
      isInstaller: e.isInstaller,
      dutyLatitude: FACILITIES[e.facilityId - 1].latitude,
      dutyLongitude: FACILITIES[e.facilityId - 1].longitude,
      dutyChangedAt: new Date(anchor.getTime() + 7 * 3600_000).toISOString(),
    })),
  );
  const active = list.filter((e) => e.isActive);
  await tx.insert(s.userTiles).values(
    active.flatMap((e) =>
      tilesForRole(e.role).map((t, i) => ({
        userId: e.id,
        tileId: t.id,
        isDisplayed: t.name !== 'DMS Imports',
        isSmallTile: SMALL_TILES.has(t.name),
        hasShortcut: (SHORTCUTS[e.role] ?? []).includes(t.name),
        sortOrder: i + 1,
      })),
    ),
  );
  const inGroup = (e: Employee, g: number) =>
    MESSAGE_GROUPS[g - 1][2].includes(e.role) || (g === 7 && e.isInstaller);
  await tx.insert(s.subscriptions).values(
    list.flatMap((e) =>
      MESSAGE_GROUPS.map((_, k) => ({
        userId: e.id,
        messageGroupId: k + 1,
        always: e.isActive && inGroup(e, k + 1),
        onDuty: true,
        useSms: e.isInstaller && k + 1 === 7,
      })),
    ),
  );
  const members = active.flatMap((e) =>
    MESSAGE_GROUPS.map((_, k) => k + 1)
      .filter((g) => inGroup(e, g))
      .map((g) => ({ messageGroupId: g, userId: e.id })),
  );
  await tx.insert(s.messageGroupMembers).values(members);

  const ids = (pred: (e: Employee) => boolean) => active.filter(pred).map((e) => e.id);
  return {
    all: active.map((e) => e.id),
    admins: ids((e) => e.role === 1),
    managers: ids((e) => e.role === 2),
    leadTechs: ids((e) => e.role === 3),
    adminAssistants: ids((e) => e.role === 4),
    repairTechs: ids((e) => e.role === 5),
    reviewers: ids((e) => e.role === 6),
    installers: ids((e) => e.isInstaller),
    technicians: ids((e) => e.role === 3 || e.role === 5),
    names: new Map(list.map((e) => [e.id, `${e.firstName} ${e.lastName}`])),
  };
}
