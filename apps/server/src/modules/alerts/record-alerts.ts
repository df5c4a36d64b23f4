import type { RecordTypeName } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { AlertHub, UserAlert } from '../../realtime/hub.js';
import { type AlertPusher, insertAlerts } from './alert-writer.js';
import type { Db } from '../../db/unit-of-work.js';

/** Follow-ups that came due longer ago than this are not alerted (they show as overdue, priority 5, in the lists). */
const DUE_WINDOW = sql`interval '1 day'`;
const SWEEP_LIMIT = 500;
/** One sweep at a time across all server processes (pg_try_advisory_xact_lock key). */
const FOLLOW_UP_LOCK = 4_726_001;

interface DueFollowUp {
  recordType: RecordTypeName;
  recordId: number;
  facilityId: number;
  userId: number;
  followUpFor: string;
  senderName: string;
}

/**
 * FollowUp alerts for invoices (to follow_up_for) and service vehicles (to the lead technician, else
 * the creator) whose follow-up time came due in the last day and is not done. Idempotent: a record
 * already alerted since its due time is skipped, so the periodic job and several processes never
 * alert twice. Returns what it created, pushed once the sweep commits.
 */
export function runFollowUpAlerts(db: Database, hub: AlertHub): Promise<UserAlert[]> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.rows<{ ok: boolean }>(
      sql`select pg_try_advisory_xact_lock(${FOLLOW_UP_LOCK}) as ok`,
    );
    if (!lock?.ok) return [];
    const due = await tx.rows<DueFollowUp>(
      sql`select * from (
            select 'Invoice' as "recordType", i.id as "recordId", i.facility_id as "facilityId", u.id as "userId",
                   u.first_name || ' ' || u.last_name as "followUpFor",
                   coalesce(b.first_name || ' ' || b.last_name, 'System') as "senderName"
            from invoices i join users u on u.id = i.follow_up_for_id and u.is_active
            left join users b on b.id = i.follow_up_by_id
            where i.follow_up_at <= now() and i.follow_up_at > now() - ${DUE_WINDOW} and not i.followed_up and not i.void
              and not exists (select 1 from alerts a where a.record_type = 'Invoice' and a.record_id = i.id
                              and a.type = 'FollowUp' and a.user_id = u.id and a.created_at >= i.follow_up_at)
            union all
            select 'ServiceVehicle', sv.id, sv.facility_id, u.id, u.first_name || ' ' || u.last_name, 'System'
            from service_vehicles sv join users u on u.id = coalesce(sv.lead_technician_id, sv.created_by_id) and u.is_active
            where sv.follow_up_date <= now() and sv.follow_up_date > now() - ${DUE_WINDOW}
              and not sv.followed_up and not sv.void and not sv.lost
              and not exists (select 1 from alerts a where a.record_type = 'ServiceVehicle' and a.record_id = sv.id
                              and a.type = 'FollowUp' and a.user_id = u.id and a.created_at >= sv.follow_up_date)
          ) due order by "recordType", "recordId" limit ${SWEEP_LIMIT}`,
    );
    return insertAlerts(
      tx,
      hub,
      due.map((d) => ({ type: 'FollowUp', ...d, followUpForId: d.userId })),
    );
  });
}

export interface DealerWarrantyInput {
  recordType: RecordTypeName;
  recordId: number;
  /** Who to tell; by default the record's lead technician. */
  userIds?: readonly number[];
  /** Shown as the sender; by default the service advisor of a service vehicle, else 'System'. */
  senderName?: string;
}

/**
 * DealerWarranty alerts for a record, in the caller's unit of work; they push themselves after it
 * commits. Unknown records and records without anyone to tell create nothing.
 */
export async function dealerWarrantyAlerts(
  db: Db,
  hub: AlertPusher,
  input: DealerWarrantyInput,
): Promise<UserAlert[]> {
  const [rec] = await db.rows<{
    facilityId: number;
    leadTechnicianId: number | null;
    advisor: string | null;
  }>(
    input.recordType === 'Invoice'
      ? sql`select facility_id as "facilityId", lead_technician_id as "leadTechnicianId", null as advisor
            from invoices where id = ${input.recordId}`
      : sql`select facility_id as "facilityId", lead_technician_id as "leadTechnicianId", service_advisor_name as advisor
            from service_vehicles where id = ${input.recordId}`,
  );
  if (!rec) return [];
  const userIds = [...new Set(input.userIds ?? (rec.leadTechnicianId ? [rec.leadTechnicianId] : []))];
  return insertAlerts(
    db,
    hub,
    userIds.map((userId) => ({
      type: 'DealerWarranty',
      userId,
      recordType: input.recordType,
      recordId: input.recordId,
      facilityId: rec.facilityId,
      senderName: input.senderName ?? rec.advisor ?? 'System',
    })),
  );
}

/** The same in its own unit of work: for callers that are not inside one. */
export function raiseDealerWarranty(deps: { db: Database; hub: AlertHub }, input: DealerWarrantyInput) {
  return deps.db.transaction((tx) => dealerWarrantyAlerts(tx, deps.hub, input));
}
