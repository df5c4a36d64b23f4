import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database, Orm } from '../../db/client.js';
import { audit } from '../../http/audit.js';
import { conflict } from '../../http/errors.js';
import { inTx, lockedBy, lockRow } from './records.js';

/**
 * Record locks (spec 2 §6: "the lock can be taken for the current user or removed"). A lock keeps other
 * users' writes out (409 naming the holder); it is not required to write. Taking and removing a lock
 * goes to the activity log only: the vehicle's history is about the vehicle, not who had the screen open.
 */
export class LockService {
  constructor(private db: Database) {}

  /** Takes the lock for the current user; taking one's own lock again is a no-op. */
  lock(user: SessionUser, id: number): Promise<boolean> {
    return inTx(this.db, async (tx) => {
      const holder = await lockRow(this.db, tx, id);
      if (holder.lockUserId === user.id) return false;
      if (holder.lockUserId !== null) throw lockedBy(id, holder.lockHolder);
      await this.db.rows(
        sql`insert into service_vehicle_locks (service_vehicle_id, user_id) values (${id}, ${user.id})`,
        tx,
      );
      await audit(this.db, tx, user, {
        activity: 'Locked service vehicle',
        type: 'action',
        recordType: 'ServiceVehicle',
        recordId: id,
      });
      return true;
    });
  }

  /**
   * Removes the current user's own lock. Someone else's lock is a 409: removing it is
   * `removeLock/all`, which needs 'locks.override'. No lock at all is a no-op.
   */
  removeOwn(user: SessionUser, id: number): Promise<boolean> {
    return inTx(this.db, async (tx) => {
      const holder = await lockRow(this.db, tx, id);
      if (holder.lockUserId === null) return false;
      if (holder.lockUserId !== user.id) {
        throw conflict(
          `Service Vehicle ${id} is locked by ${holder.lockHolder}; only they or a manager can remove the lock.`,
        );
      }
      return this.remove(user, id, tx, 'Unlocked service vehicle');
    });
  }

  /** Removes whoever's lock the record has (the route requires 'locks.override'). */
  removeAny(user: SessionUser, id: number): Promise<boolean> {
    return inTx(this.db, async (tx) => {
      const holder = await lockRow(this.db, tx, id);
      if (holder.lockUserId === null) return false;
      return this.remove(user, id, tx, 'Removed service vehicle lock', { lockUserId: holder.lockUserId });
    });
  }

  private async remove(
    user: SessionUser,
    id: number,
    tx: Orm,
    activity: string,
    details?: Record<string, unknown>,
  ) {
    await this.db.rows(sql`delete from service_vehicle_locks where service_vehicle_id = ${id}`, tx);
    await audit(this.db, tx, user, {
      activity,
      type: 'action',
      recordType: 'ServiceVehicle',
      recordId: id,
      details,
    });
    return true;
  }
}
