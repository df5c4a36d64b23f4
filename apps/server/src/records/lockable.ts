import { can } from '@glass/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/sessions.js';
import type { Db } from '../db/unit-of-work.js';
import { audit } from '../http/audit.js';
import { conflict, type HttpError, notFound } from '../http/errors.js';
import type { RecordType } from './registry.js';

/** The lock columns every lockable record's write target carries. */
export interface LockState {
  id: number;
  lockUserId: number | null;
  lockHolder: string | null;
}

/** One row of a record's lock list (GET /api/InvoiceLocks). */
export interface LockRow {
  id: number;
  recordId: number;
  userId: number;
  user: string;
  lockedAt: string;
}

/** How a record type is locked and named; table and column names are trusted constants, never input. */
export interface LockableDefinition {
  /**
   * The declared record type (registry.ts `defineRecordType`): its activity log name, its table (the
   * kernel's queries alias it `r`) and the log detail every lock entry carries.
   */
  record: RecordType & { logDetail: NonNullable<RecordType['logDetail']> };
  /** The name in conflict messages ('Invoice', 'Service Vehicle'). */
  label: string;
  /** The lock table (one row per locked record: id, <lockKey>, user_id, locked_at); aliased `l`. */
  lockTable: string;
  /** The lock table's column naming the record. */
  lockKey: string;
  /** Extra columns read with the write target, over alias `r` (the invoice's work flow state). */
  state?: SQL;
  /** The 404 of an unknown record. */
  notFound: (id: number) => HttpError;
  /** Activity log texts of taking, releasing one's own, and removing someone else's lock. */
  activities: { lock: string; unlock: string; removeOther: string };
}

/**
 * A lockable record: the row lock a write holds, the 409 naming the holder when someone else holds the
 * record's lock, and taking and releasing that lock (spec 2 §6). A lock keeps other users' writes out;
 * it is not required to write. Taking and removing one goes to the activity log only.
 */
export class LockableRecord<S extends object = object> {
  constructor(readonly def: LockableDefinition) {}

  /** 409 naming who holds the lock. */
  lockedBy(id: number, holder: string | null): HttpError {
    return conflict(`${this.def.label} ${id} is locked by ${holder ?? 'another user'}.`);
  }

  private onlyHolder(id: number, holder: string | null): HttpError {
    return conflict(
      `${this.def.label} ${id} is locked by ${holder ?? 'another user'}; only they or a manager can remove the lock.`,
    );
  }

  /**
   * The record's state and lock holder, holding its row lock until the unit of work ends so concurrent
   * writers (and lock takers) queue up. 404 when unknown. Pass a unit of work. `more`: further columns over alias
   * `r` read under the same lock (the values an edit compares with), saving the write a round trip.
   */
  async lockRow<E extends object = object>(db: Db, id: number, more?: SQL): Promise<LockState & S & E> {
    const d = this.def;
    const [row] = await db.rows<LockState & S & E>(
      sql`select r.id, ${d.state ? sql`${d.state}, ` : sql``}${more ? sql`${more}, ` : sql``}l.user_id as "lockUserId",
                 (select u.first_name || ' ' || u.last_name from users u where u.id = l.user_id) as "lockHolder"
          from ${sql.raw(d.record.table)} r left join ${sql.raw(d.lockTable)} l on l.${sql.raw(d.lockKey)} = r.id
          where r.id = ${id} for update of r`,
    );
    if (!row) throw d.notFound(id);
    return row;
  }

  /**
   * lockRow for several records at once (a remittance batch funding many invoices): one statement, the row locks
   * taken in id order, the rows found in id order; an unknown id is simply absent (the caller answers its 404).
   * `more`: further columns over alias `r` read under the same locks (a funding's target).
   */
  async lockRows<E extends object = object>(
    db: Db,
    ids: readonly number[],
    more?: SQL,
  ): Promise<Array<LockState & S & E>> {
    if (ids.length === 0) return [];
    const d = this.def;
    return db.rows<LockState & S & E>(
      sql`select r.id, ${d.state ? sql`${d.state}, ` : sql``}${more ? sql`${more}, ` : sql``}l.user_id as "lockUserId",
                 (select u.first_name || ' ' || u.last_name from users u where u.id = l.user_id) as "lockHolder"
          from ${sql.raw(d.record.table)} r left join ${sql.raw(d.lockTable)} l on l.${sql.raw(d.lockKey)} = r.id
          where r.id = any(${`{${ids.join(',')}}`}::int[]) order by r.id for update of r`,
    );
  }

  /** loadForWrite's check on a row of lockRow(s): the 409 naming the holder, or undefined when the user may write. */
  writeRefusal(row: LockState, user: SessionUser): HttpError | undefined {
    return row.lockUserId !== null && row.lockUserId !== user.id
      ? this.lockedBy(row.id, row.lockHolder)
      : undefined;
  }

  /** Loads the record for a write (and `more`, as lockRow); 409 naming the holder when another user holds its lock. */
  async loadForWrite<E extends object = object>(
    db: Db,
    id: number,
    user: SessionUser,
    more?: SQL,
  ): Promise<LockState & S & E> {
    const row = await this.lockRow<E>(db, id, more);
    const refusal = this.writeRefusal(row, user);
    if (refusal) throw refusal;
    return row;
  }

  /** Takes the lock for the user; 409 when someone else holds it; taking one's own again is a no-op (false). */
  take(db: Db, user: SessionUser, id: number): Promise<boolean> {
    return db.transaction(async (work) => {
      const holder = await this.lockRow(work, id);
      if (holder.lockUserId === user.id) return false;
      if (holder.lockUserId !== null) throw this.lockedBy(id, holder.lockHolder);
      await work.rows(
        sql`insert into ${sql.raw(this.def.lockTable)} (${sql.raw(this.def.lockKey)}, user_id) values (${id}, ${user.id})`,
      );
      await this.log(work, user, id, this.def.activities.lock);
      return true;
    });
  }

  /** Releases the user's own lock; someone else's is a 409 (see releaseAll); no lock is a no-op (false). */
  releaseOwn(db: Db, user: SessionUser, id: number): Promise<boolean> {
    return db.transaction(async (work) => {
      const holder = await this.lockRow(work, id);
      if (holder.lockUserId === null) return false;
      if (holder.lockUserId !== user.id) throw this.onlyHolder(id, holder.lockHolder);
      await this.deleteLocks(work, id);
      await this.log(work, user, id, this.def.activities.unlock);
      return true;
    });
  }

  /** Releases whoever's lock the record has (the route requires 'locks.override'); none is a no-op (false). */
  releaseAll(db: Db, user: SessionUser, id: number): Promise<boolean> {
    return db.transaction(async (work) => {
      const holder = await this.lockRow(work, id);
      if (holder.lockUserId === null) return false;
      await this.deleteLocks(work, id);
      await this.log(work, user, id, this.def.activities.removeOther, { lockUserId: holder.lockUserId });
      return true;
    });
  }

  /**
   * Releases a lock by the lock's own id: one's own goes, someone else's needs 'locks.override'
   * (409 naming the holder otherwise). 404 when there is no such lock.
   */
  releaseById(db: Db, user: SessionUser, lockId: number): Promise<void> {
    const d = this.def;
    return db.transaction(async (work) => {
      const [lock] = await work.rows<{ recordId: number }>(
        sql`select ${sql.raw(d.lockKey)} as "recordId" from ${sql.raw(d.lockTable)} where id = ${lockId}`,
      );
      if (!lock) throw notFound(`${d.label} lock ${lockId} not found.`);
      const holder = await this.lockRow(work, lock.recordId);
      const own = holder.lockUserId === user.id;
      if (!own && !can(user.userRoleId, 'locks.override')) {
        throw this.onlyHolder(lock.recordId, holder.lockHolder);
      }
      await work.rows(sql`delete from ${sql.raw(d.lockTable)} where id = ${lockId}`);
      await this.log(work, user, lock.recordId, own ? d.activities.unlock : d.activities.removeOther, {
        lockUserId: holder.lockUserId,
      });
    });
  }

  /** The record's lock (at most one), as a list showing the holder. */
  holders(db: Db, id: number): Promise<LockRow[]> {
    const d = this.def;
    return db.rows<LockRow>(
      sql`select l.id, l.${sql.raw(d.lockKey)} as "recordId", l.user_id as "userId",
                 u.first_name || ' ' || u.last_name as "user", l.locked_at as "lockedAt"
          from ${sql.raw(d.lockTable)} l join users u on u.id = l.user_id where l.${sql.raw(d.lockKey)} = ${id}`,
    );
  }

  private async deleteLocks(db: Db, id: number) {
    await db.rows(sql`delete from ${sql.raw(this.def.lockTable)} where ${sql.raw(this.def.lockKey)} = ${id}`);
  }

  private async log(
    db: Db,
    user: SessionUser,
    id: number,
    activity: string,
    details?: Record<string, unknown>,
  ) {
    await audit(db, user, {
      activity,
      type: 'action',
      recordType: this.def.record.recordType,
      recordId: id,
      details,
    });
  }
}
