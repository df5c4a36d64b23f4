import { can } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database, Orm } from '../../db/client.js';
import { audit } from '../../http/audit.js';
import { conflict, notFound } from '../../http/errors.js';
import { inTx, invoiceLockedBy, lockInvoiceRow } from './records.js';

export interface InvoiceLockRow {
  id: number;
  invoiceId: number;
  userId: number;
  user: string;
  lockedAt: string;
}

/**
 * Invoice locks: at most one per invoice. A lock keeps other users' writes out (409 naming the holder);
 * it is not required to write. Taking and removing a lock goes to the activity log only.
 */
export class InvoiceLockService {
  constructor(private db: Database) {}

  /** Takes the lock for the current user; taking one's own lock again is a no-op. */
  lock(user: SessionUser, id: number): Promise<boolean> {
    return inTx(this.db, async (tx) => {
      const holder = await lockInvoiceRow(this.db, tx, id);
      if (holder.lockUserId === user.id) return false;
      if (holder.lockUserId !== null) throw invoiceLockedBy(id, holder.lockHolder);
      await this.db.rows(sql`insert into invoice_locks (invoice_id, user_id) values (${id}, ${user.id})`, tx);
      await this.log(tx, user, id, 'Locked invoice');
      return true;
    });
  }

  /**
   * Removes a lock by its id. One's own lock goes; someone else's needs 'locks.override', otherwise
   * 409 naming the holder. 404 when there is no such lock.
   */
  remove(user: SessionUser, lockId: number): Promise<void> {
    return inTx(this.db, async (tx) => {
      const [lock] = await this.db.rows<{ invoiceId: number }>(
        sql`select invoice_id as "invoiceId" from invoice_locks where id = ${lockId}`,
        tx,
      );
      if (!lock) throw notFound(`Invoice lock ${lockId} not found.`);
      const holder = await lockInvoiceRow(this.db, tx, lock.invoiceId);
      if (holder.lockUserId !== user.id && !can(user.userRoleId, 'locks.override')) {
        throw conflict(
          `Invoice ${lock.invoiceId} is locked by ${holder.lockHolder ?? 'another user'}; only they or a manager can remove the lock.`,
        );
      }
      await this.db.rows(sql`delete from invoice_locks where id = ${lockId}`, tx);
      const own = holder.lockUserId === user.id;
      await this.log(tx, user, lock.invoiceId, own ? 'Unlocked invoice' : 'Removed invoice lock', {
        lockUserId: holder.lockUserId,
      });
    });
  }

  list(invoiceId: number): Promise<InvoiceLockRow[]> {
    return this.db.rows<InvoiceLockRow>(
      sql`select l.id, l.invoice_id as "invoiceId", l.user_id as "userId",
                 u.first_name || ' ' || u.last_name as "user", l.locked_at as "lockedAt"
          from invoice_locks l join users u on u.id = l.user_id where l.invoice_id = ${invoiceId}`,
    );
  }

  private async log(
    tx: Orm,
    user: SessionUser,
    id: number,
    activity: string,
    details?: Record<string, unknown>,
  ) {
    await audit(this.db, tx, user, {
      activity,
      type: 'action',
      recordType: 'Invoice',
      recordId: id,
      details,
    });
  }
}
