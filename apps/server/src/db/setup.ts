import { newPasswordProblems } from '@glass/domain/rules/password';
import { tilesForRole } from '@glass/domain/roles';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { hashPassword } from '../auth/password.js';
import type { Database } from './client.js';
import * as s from './schema/index.js';
import { MESSAGE_GROUPS } from './seed/data/catalogue.js';
import { seedPickLists } from './seed/reference.js';

/**
 * The first start of a production installation (docs/deploy.md "The first start"): the reference data every
 * installation needs, the operator's brand and first facility, and the first System Admin, who then adds
 * everything else (facilities, employees, insurers) in the app. Refused when the database has users, so it
 * can never overwrite a running installation; one transaction, so a failure leaves the database empty.
 */
export const setupInputSchema = z.object({
  brandName: z.string().trim().min(1, 'is required').max(100),
  brandShortName: z.string().trim().min(1, 'is required').max(15),
  facilityName: z.string().trim().min(1, 'is required').max(100),
  facilityShortName: z.string().trim().min(1, 'is required').max(50),
  facilityCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,10}$/, 'must be 1 to 10 letters, digits or dashes'),
  /** IANA zone, e.g. America/Chicago: every date the facility prints or sends uses it. */
  timeZone: z.string().refine(isTimeZone, 'must be an IANA time zone such as America/Chicago'),
  state: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter state code')
    .optional(),
  taxRate: z
    .string()
    .regex(/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/, 'must be a fraction between 0 and 1 such as 0.0825')
    .default('0'),
  adminUserName: z.string().trim().min(1, 'is required').max(50),
  adminFirstName: z.string().trim().min(1, 'is required').max(50),
  adminLastName: z.string().trim().min(1, 'is required').max(50),
  adminEmail: z.string().trim().email('must be an e-mail address').optional(),
  adminPin: z.string().superRefine((pin, ctx) => {
    for (const message of newPasswordProblems(pin)) ctx.addIssue({ code: 'custom', message });
  }),
});
export type SetupInput = z.input<typeof setupInputSchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

/** Minutes west of UTC today, the spec's `tzo`, kept beside the IANA zone. */
function tzoOf(zone: string, at = new Date()): number {
  const local = new Date(at.toLocaleString('en-US', { timeZone: zone }));
  const utc = new Date(at.toLocaleString('en-US', { timeZone: 'UTC' }));
  return Math.round((utc.getTime() - local.getTime()) / 60_000);
}

export class SetupRefused extends Error {}

export interface SetupResult {
  brandId: number;
  facilityId: number;
  adminId: number;
}

export async function setupInstallation(
  db: Database,
  raw: SetupInput,
  opts: { pepper: string; scryptCost: number },
): Promise<SetupResult> {
  const parsed = setupInputSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new SetupRefused(`setup: the input is not valid:\n  ${lines.join('\n  ')}`);
  }
  const input = parsed.data;
  const passwordHash = await hashPassword(input.adminPin, { pepper: opts.pepper, cost: opts.scryptCost });
  return db.orm.transaction(async (tx) => {
    // One setup at a time, and never over an installation that has people in it.
    await tx.execute(sql`lock table users in exclusive mode`);
    const [{ n }] = (await tx.execute(sql`select count(*)::int as n from users`)).rows as { n: number }[];
    if (n > 0)
      throw new SetupRefused(
        'setup: the database already has users; setup only runs on an empty installation',
      );
    const [{ m }] = (await tx.execute(sql`select count(*)::int as m from brands`)).rows as { m: number }[];
    if (m > 0)
      throw new SetupRefused(
        'setup: the database already has brands; setup only runs on an empty installation',
      );

    await seedPickLists(tx);
    // The pick lists carry fixed ids: move the identity sequences past them.
    const cols = (
      await tx.execute(
        sql`select table_name as t, column_name as c from information_schema.columns
            where table_schema = 'public' and is_identity = 'YES'`,
      )
    ).rows as { t: string; c: string }[];
    for (const { t, c } of cols) {
      await tx.execute(
        sql.raw(`select setval(pg_get_serial_sequence('public."${t}"', '${c}'),
                 coalesce((select max("${c}") from public."${t}"), 0) + 1, false)`),
      );
    }

    const [brand] = await tx
      .insert(s.brands)
      .values({ name: input.brandName, shortName: input.brandShortName })
      .returning({ id: s.brands.id });
    const [facility] = await tx
      .insert(s.facilities)
      .values({
        code: input.facilityCode,
        name: input.facilityName,
        shortName: input.facilityShortName,
        brandId: brand.id,
        timeZone: input.timeZone,
        tzo: tzoOf(input.timeZone),
        taxRate: input.taxRate,
        state: input.state,
      })
      .returning({ id: s.facilities.id });
    const [admin] = await tx
      .insert(s.users)
      .values({
        userName: input.adminUserName,
        passwordHash,
        firstName: input.adminFirstName,
        lastName: input.adminLastName,
        email: input.adminEmail,
        userRoleId: 1,
        facilityId: facility.id,
        brandId: brand.id,
        isActive: true,
        isOnDuty: true,
      })
      .returning({ id: s.users.id });
    await tx.insert(s.userTiles).values(
      tilesForRole(1).map((t, i) => ({
        userId: admin.id,
        tileId: t.id,
        isDisplayed: true,
        isSmallTile: false,
        hasShortcut: false,
        sortOrder: i + 1,
      })),
    );
    const groups = MESSAGE_GROUPS.map(([, , roles], k) => ({ id: k + 1, member: roles.includes(1) }));
    await tx.insert(s.subscriptions).values(
      groups.map((g) => ({
        userId: admin.id,
        messageGroupId: g.id,
        always: g.member,
        onDuty: true,
        useSms: false,
      })),
    );
    const members = groups.filter((g) => g.member).map((g) => ({ messageGroupId: g.id, userId: admin.id }));
    if (members.length > 0) await tx.insert(s.messageGroupMembers).values(members);
    return { brandId: brand.id, facilityId: facility.id, adminId: admin.id };
  });
}
