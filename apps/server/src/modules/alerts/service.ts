import type { Alert } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { audit } from '../../http/audit.js';
import { notFound } from '../../http/errors.js';
import type { AlertHub } from '../../realtime/hub.js';
import { ALERT_PAYLOAD_SQL, insertAlerts } from './alert-writer.js';

/** Pending alerts are few per user (one NewMessage, parked items, due follow-ups); this caps a runaway. */
const MAX_PENDING = 200;

export class AlertService {
  constructor(
    private db: Database,
    private hub: AlertHub,
  ) {}

  /** GET self/alerts: my pending alerts, oldest first (the client folds them with the reducer). */
  pending(userId: number): Promise<Alert[]> {
    return this.db.rows<Alert>(
      sql`select * from (
            select ${sql.raw(ALERT_PAYLOAD_SQL)} from alerts a left join facilities af on af.id = a.facility_id
            where a.user_id = ${userId} and a.consumed_at is null
            order by a.id desc limit ${MAX_PENDING}) latest
          order by id`,
    );
  }

  /**
   * Consumes one of my alerts and pushes a Consume alert naming it, so my other tabs and devices drop
   * it too. Consuming twice is harmless (the second call changes nothing and pushes nothing).
   */
  async consume(
    user: SessionUser,
    alertId: number,
  ): Promise<{ alertIdToConsume: number; consumed: boolean }> {
    const consumed = await this.db.transaction(async (tx) => {
      const [row] = await tx.rows<{ id: number; pending: boolean }>(
        sql`select id, consumed_at is null as pending from alerts where id = ${alertId} and user_id = ${user.id} for update`,
      );
      if (!row) throw notFound(`Alert ${alertId} does not exist.`);
      if (!row.pending) return false;
      await tx.rows(sql`update alerts set consumed_at = now() where id = ${alertId}`);
      await insertAlerts(tx, this.hub, [
        { type: 'Consume', userId: user.id, alertIdToConsume: alertId, transient: true },
      ]);
      await audit(tx, user, { activity: 'Consumed alert', type: 'action', details: { alertId } });
      return true;
    });
    return { alertIdToConsume: alertId, consumed };
  }
}
