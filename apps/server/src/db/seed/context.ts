import { type SQL, sql } from 'drizzle-orm';
import type { Database, Orm } from '../client.js';

/** Who does what: employee ids by role, used to fill staff columns of the bulk rows. */
export interface Staff {
  all: number[];
  admins: number[];
  managers: number[];
  leadTechs: number[];
  adminAssistants: number[];
  repairTechs: number[];
  reviewers: number[];
  installers: number[];
  /** Everyone who can be a lead technician on an invoice (lead + repair technicians). */
  technicians: number[];
  names: Map<number, string>;
}

/** Row counts of the volume tables for the chosen scale. */
export interface Volumes {
  customers: number;
  serviceVehicles: number;
  /** Service vehicles 1..linkedServiceVehicles have an invoice; the rest are still in the pipeline. */
  linkedServiceVehicles: number;
  invoices: number;
  conversations: number;
  activityLogs: number;
}

export interface SeedContext {
  db: Database;
  tx: Orm;
  /** Start of "today" in Houston (05:00 UTC); every seeded date is relative to it. */
  anchor: Date;
  anchorSql: string;
  /**
   * The moment of seeding. Nothing that happened (created, sent, logged, signed, read…) is dated
   * after it; only plans (follow-ups, appointments, promised dates, expiries) may be (no-future.ts).
   */
  seededAt: Date;
  seededAtSql: string;
  /** The server's PUBLIC_BASE_URL: links in seeded texts and e-mails are absolute, as the app sends them. */
  publicBaseUrl: string;
  volumes: Volumes;
  staff: Staff;
  log: (msg: string) => void;
}

/**
 * Records with pictures, signatures or PDFs per kind (the newest ones): files.ts writes each through
 * the file store, so their number, and the seed's time, do not grow with the scale.
 */
export const FILES_PER_KIND = 60;

/** Runs one statement; statements slower than 5 s are reported, to see where a big seed spends its time. */
export async function exec(
  ctx: Pick<SeedContext, 'tx'> & { log?: (msg: string) => void },
  query: SQL | string,
): Promise<void> {
  const t0 = Date.now();
  await ctx.tx.execute(typeof query === 'string' ? sql.raw(query) : query);
  const ms = Date.now() - t0;
  if (ms > 5000 && ctx.log && typeof query === 'string') {
    ctx.log(`seed:   ${query.trim().split(/\s+/).slice(0, 3).join(' ')} (${(ms / 1000).toFixed(1)} s)`);
  }
}

export async function rows<T>(ctx: Pick<SeedContext, 'tx'>, query: SQL | string): Promise<T[]> {
  const res: any = await ctx.tx.execute(typeof query === 'string' ? sql.raw(query) : query);
  return res.rows as T[];
}

/** Time one step and report it with the number of rows written. */
export async function step(ctx: SeedContext, name: string, fn: () => Promise<unknown>): Promise<void> {
  const t0 = Date.now();
  await fn();
  ctx.log(`seed: ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

/** A "happened" timestamp expression capped at the moment of seeding (null stays null). */
export const past = (ctx: Pick<SeedContext, 'seededAtSql'>, ts: string) =>
  `(case when (${ts}) > ${ctx.seededAtSql} then ${ctx.seededAtSql} else (${ts}) end)`;
