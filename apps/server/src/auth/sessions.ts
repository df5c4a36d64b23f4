import { allowedFacilityIds } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { extraFacilitiesSql, workingFacilitySql } from './facility-sql.js';
import { newToken, tokenHash } from './tokens.js';
import type { Db } from '../db/unit-of-work.js';

export interface SessionUser {
  sessionId: number;
  id: number;
  userName: string;
  firstName: string;
  lastName: string;
  userRoleId: number;
  /** The facility the user is working at (the shell's switch): a default, never authority (decision 0016). */
  facilityId: number | null;
  /** The home facility (set by someone above the user). */
  homeFacilityId: number | null;
  /** The facilities the user may reach (home + granted), or null for every facility (not facility-bound). */
  allowedFacilityIds: number[] | null;
  brandId: number | null;
  tzo: number | null;
}

/** Sessions just ended (by id); userId when every session of that user was ended. */
export interface Revocation {
  sessionIds: number[];
  userId?: number;
}

/** A session that is still valid, with its user's current role (for the real-time re-check). */
export interface LiveSession {
  sessionId: number;
  userId: number;
  userRoleId: number;
  /** As SessionUser's: the facilities the user may reach now, or null for every facility. */
  allowedFacilityIds: number[] | null;
}

/** The columns of a user row that decide its facility scope (decision 0016). */
interface FacilityRow {
  homeFacilityId: number | null;
  extra: unknown;
}

interface CacheEntry {
  user: SessionUser;
  until: number;
}

/**
 * Token → session resolution. Sessions end on logout, on an idle timeout (config.sessionIdleMinutes since
 * the last request) and on an absolute timeout (config.sessionAbsoluteHours since login).
 * A short in-process cache (CACHE_MS) spares a query per request; logout, password change and deactivation
 * in this process evict at once, other processes see a revocation within CACHE_MS.
 */
const CACHE_MS = 5_000;
const TOUCH_EVERY_MS = 60_000;
/** Last-seen stamps kept before the stale ones are swept (see touch). */
const MAX_TOUCHED = 1_000;

export class SessionStore {
  private cache = new Map<string, CacheEntry>();
  private touched = new Map<number, number>();
  private revokeListeners = new Set<(r: Revocation) => void>();

  constructor(
    private db: Database,
    private config: Config,
  ) {}

  /** The database the sessions live in (the facility gate reads records' facilities from it). */
  get database(): Database {
    return this.db;
  }

  async create(userId: number, meta: { tzo?: number; ip: string; userAgent?: string }, tx: Db = this.db) {
    const token = newToken();
    const hours = this.config.sessionAbsoluteHours;
    const [row] = await tx.rows<{ id: number }>(
      sql`insert into sessions (token_hash, user_id, expires_at, tzo, client_ip, user_agent)
          values (${tokenHash(token)}, ${userId}, now() + make_interval(hours => ${hours}), ${meta.tzo ?? null},
                  ${meta.ip}, ${meta.userAgent?.slice(0, 300) ?? null})
          returning id`,
    );
    return { token, sessionId: row.id };
  }

  /**
   * The session's user, or undefined when the token is unknown, revoked, expired, idle or its user inactive.
   * `fresh` skips the cache (another process may have revoked the session within CACHE_MS) and does not
   * count as activity for the idle timeout: the real-time handshake uses it.
   */
  async resolve(token: string, opts: { fresh?: boolean } = {}): Promise<SessionUser | undefined> {
    const hash = tokenHash(token);
    const now = Date.now();
    const hit = opts.fresh ? undefined : this.cache.get(hash);
    if (hit && hit.until > now) {
      this.touch(hit.user.sessionId, now);
      return hit.user;
    }
    const idle = this.config.sessionIdleMinutes;
    const [found] = await this.db.rows<Omit<SessionUser, 'allowedFacilityIds'> & { extra: number[] }>(
      sql`select s.id as "sessionId", u.id, u.user_name as "userName", u.first_name as "firstName",
                 u.last_name as "lastName", u.user_role_id as "userRoleId",
                 ${workingFacilitySql()} as "facilityId", u.facility_id as "homeFacilityId",
                 ${extraFacilitiesSql()} as extra, u.brand_id as "brandId", s.tzo
          from sessions s join users u on u.id = s.user_id
          where s.token_hash = ${hash} and s.revoked_at is null and s.expires_at > now()
            and s.last_seen_at > now() - make_interval(mins => ${idle}) and u.is_active`,
    );
    if (!found) {
      this.cache.delete(hash);
      return undefined;
    }
    const { extra, ...rest } = found;
    const row: SessionUser = {
      ...rest,
      allowedFacilityIds: allowedFacilitiesOf(found),
    };
    if (opts.fresh) return row;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(hash, { user: row, until: now + CACHE_MS });
    this.touch(row.sessionId, now);
    return row;
  }

  /** Which of these sessions are still valid (same rule as resolve, straight from the database, no touch). */
  async live(sessionIds: readonly number[]): Promise<LiveSession[]> {
    if (sessionIds.length === 0) return [];
    const idle = this.config.sessionIdleMinutes;
    const rows = await this.db.rows<Omit<LiveSession, 'allowedFacilityIds'> & FacilityRow>(
      sql`select s.id as "sessionId", u.id as "userId", u.user_role_id as "userRoleId",
                 u.facility_id as "homeFacilityId", ${extraFacilitiesSql()} as extra
          from sessions s join users u on u.id = s.user_id
          where s.id = any(${`{${sessionIds.map((id) => Math.trunc(id)).join(',')}}`}::int[])
            and s.revoked_at is null and s.expires_at > now()
            and s.last_seen_at > now() - make_interval(mins => ${idle}) and u.is_active`,
    );
    return rows.map(({ homeFacilityId, extra, ...rest }) => ({
      ...rest,
      allowedFacilityIds: allowedFacilitiesOf({ ...rest, homeFacilityId, extra }),
    }));
  }

  /**
   * Called after every revoke/revokeUser with the sessions it ended (the real-time layer disconnects
   * their sockets), so no module has to remember to. With a transaction the call comes before its
   * commit: listeners must allow for that (and for a rollback).
   */
  onRevoke(listener: (r: Revocation) => void): () => void {
    this.revokeListeners.add(listener);
    return () => this.revokeListeners.delete(listener);
  }

  private revoked(r: Revocation) {
    for (const listener of this.revokeListeners) {
      try {
        listener(r);
      } catch {
        // a listener's failure must not undo or fail the revocation itself
      }
    }
  }

  /** Keeps the idle timeout sliding without a write on every request. */
  private touch(sessionId: number, now: number) {
    const last = this.touched.get(sessionId) ?? 0;
    if (now - last < TOUCH_EVERY_MS) return;
    // A stamp older than TOUCH_EVERY_MS no longer spares a write: forgotten, so that a process running for weeks
    // does not keep one entry per session it ever served.
    if (this.touched.size >= MAX_TOUCHED)
      for (const [id, at] of this.touched) if (now - at >= TOUCH_EVERY_MS) this.touched.delete(id);
    this.touched.set(sessionId, now);
    this.db.rows(sql`update sessions set last_seen_at = now() where id = ${sessionId}`).catch(() => {});
  }

  async revoke(sessionId: number, tx: Db = this.db) {
    await tx.rows(sql`update sessions set revoked_at = now() where id = ${sessionId} and revoked_at is null`);
    this.evict((u) => u.sessionId === sessionId);
    this.revoked({ sessionIds: [sessionId] });
  }

  /** Ends every session of a user, except optionally one (password change keeps none: it issues a new one). */
  async revokeUser(userId: number, tx: Db = this.db) {
    const ended = await tx.rows<{ id: number }>(
      sql`update sessions set revoked_at = now() where user_id = ${userId} and revoked_at is null returning id`,
    );
    this.evict((u) => u.id === userId);
    this.revoked({ sessionIds: ended.map((r) => r.id), userId });
  }

  /** Sessions kept in the short cache and last-seen stamps waiting, for GET /metrics. */
  cacheSize(): { entries: number; touched: number } {
    return { entries: this.cache.size, touched: this.touched.size };
  }

  /** Refreshes cached facility/role after the user record changes. */
  forgetUser(userId: number) {
    this.evict((u) => u.id === userId);
  }

  private evict(match: (u: SessionUser) => boolean) {
    for (const [k, v] of this.cache) if (match(v.user)) this.cache.delete(k);
  }
}

/**
 * The facilities a user row may reach (decision 0016) from its role, its home (`homeFacilityId`) and the granted
 * ones as `extraFacilitiesSql()` reads them (`extra`); null for every facility.
 */
export function allowedFacilitiesOf(row: {
  userRoleId: number;
  homeFacilityId: number | null;
  extra: unknown;
}): number[] | null {
  return allowedFacilityIds({
    userRoleId: row.userRoleId,
    homeFacilityId: row.homeFacilityId,
    extraFacilityIds: parseIntArray(row.extra),
  });
}

/** An int[] as the driver gives it: an array (pg, PGlite) or its text form. */
export function parseIntArray(v: unknown): number[] {
  if (Array.isArray(v)) return v.map(Number);
  if (typeof v === 'string') return v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  return [];
}
