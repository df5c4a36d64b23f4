import type { RecordTypeName } from '@glass/domain';
import { sql } from 'drizzle-orm';
import { queueNotices } from '../notify/index.js';
import type { UserAlert } from '../../realtime/hub.js';
import { type AlertInput, type AlertPusher, insertAlerts } from '../alerts/index.js';
import { type GroupListener, groupAudience } from '../subscriptions/index.js';
import type { Db } from '../../db/unit-of-work.js';

/** A parked item with the names its alerts carry. */
export interface ParkedFacts {
  id: number;
  parkLine: number;
  parkedAt: string;
  recordType: RecordTypeName;
  recordId: number;
  facilityId: number;
  parkedForUserId: number | null;
  parkedForMessageGroupId: number | null;
  parkedBy: string;
  parkedFor: string;
}

export async function parkedFacts(db: Db, id: number): Promise<ParkedFacts | undefined> {
  const [row] = await db.rows<ParkedFacts>(
    sql`select p.id, p.park_line as "parkLine", p.parked_at as "parkedAt",
               case when p.invoice_id is not null then 'Invoice' else 'ServiceVehicle' end as "recordType",
               coalesce(p.invoice_id, p.service_vehicle_id) as "recordId",
               coalesce(i.facility_id, sv.facility_id) as "facilityId",
               p.parked_for_user_id as "parkedForUserId", p.parked_for_message_group_id as "parkedForMessageGroupId",
               b.first_name || ' ' || b.last_name as "parkedBy",
               coalesce(fu.first_name || ' ' || fu.last_name, g.name, '') as "parkedFor"
        from parked_items p join users b on b.id = p.parked_by_user_id
        left join users fu on fu.id = p.parked_for_user_id
        left join message_groups g on g.id = p.parked_for_message_group_id
        left join invoices i on i.id = p.invoice_id
        left join service_vehicles sv on sv.id = p.service_vehicle_id
        where p.id = ${id}`,
  );
  return row;
}

/**
 * Who a parked item is for: the target user, or the group's "Always" subscribers (the only ones for
 * whom a parked alert counts as pending, spec 1 §4), without the person who parked it.
 */
export async function parkedAudience(
  db: Db,
  item: ParkedFacts,
  actorId: number | null,
): Promise<GroupListener[]> {
  if (item.parkedForUserId !== null)
    return [{ userId: item.parkedForUserId, messageGroupId: 0, useSms: false, phone: null }];
  if (item.parkedForMessageGroupId === null) return [];
  return groupAudience(db, [item.parkedForMessageGroupId], { alwaysOnly: true, exclude: actorId });
}

const alertOf = (
  type: 'ParkedForMe' | 'ParkedUpdate',
  item: ParkedFacts,
  userId: number,
  live: boolean,
): AlertInput => ({
  type,
  userId,
  senderName: item.parkedBy,
  recordType: item.recordType,
  recordId: item.recordId,
  facilityId: item.facilityId,
  parkedItemId: live ? item.id : null,
  parkedAt: item.parkedAt,
  parkedBy: item.parkedBy,
  parkedFor: item.parkedFor,
  isMessageGroup: item.parkedForMessageGroupId !== null,
  messageGroupId: item.parkedForMessageGroupId,
  transient: type === 'ParkedUpdate',
});

/** ParkedForMe to the item's audience (and an SMS where their subscription asks), ParkedUpdate to `others`. */
export async function announceParked(
  db: Db,
  hub: AlertPusher,
  item: ParkedFacts,
  audience: readonly GroupListener[],
  others: readonly number[],
): Promise<UserAlert[]> {
  const targets = new Set(audience.map((a) => a.userId));
  const alerts = await insertAlerts(db, hub, [
    ...audience.map((a) => alertOf('ParkedForMe', item, a.userId, true)),
    ...[...new Set(others)]
      .filter((id) => !targets.has(id))
      .map((id) => alertOf('ParkedUpdate', item, id, true)),
  ]);
  await queueNotices(
    db,
    audience
      .filter((a) => a.useSms && a.phone)
      .map((a) => ({
        channel: 'sms' as const,
        to: a.phone!,
        body: `${item.recordType === 'Invoice' ? 'Invoice' : 'Service vehicle'} ${item.recordId} parked on line ${item.parkLine} for ${item.parkedFor} by ${item.parkedBy}`,
        recordType: item.recordType,
        recordId: item.recordId,
      })),
  );
  return alerts;
}

/** ParkedUpdate to everyone concerned by an item that left (unparked, or moved away from them). */
export function announceRemoved(
  db: Db,
  hub: AlertPusher,
  item: ParkedFacts,
  userIds: readonly number[],
): Promise<UserAlert[]> {
  return insertAlerts(
    db,
    hub,
    [...new Set(userIds)].map((id) => alertOf('ParkedUpdate', item, id, false)),
  );
}
