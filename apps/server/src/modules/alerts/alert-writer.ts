import type { AlertTypeName, RecordTypeName } from '@glass/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { AlertHub, UserAlert } from '../../realtime/hub.js';
import type { Db } from '../../db/unit-of-work.js';

/** One alert to create for one user (spec 1 §3 "Alert", plus what the server keeps to manage it). */
export interface AlertInput {
  type: AlertTypeName;
  userId: number;
  senderName?: string | null;
  recordId?: number | null;
  recordType?: RecordTypeName | null;
  facilityId?: number | null;
  conversationId?: number | null;
  parkedItemId?: number | null;
  parkedAt?: string | null;
  parkedBy?: string | null;
  parkedFor?: string | null;
  alertIdToConsume?: number | null;
  followUpFor?: string | null;
  followUpForId?: number | null;
  isMessageGroup?: boolean;
  messageGroupId?: number | null;
  /**
   * Delivered but never pending: Consume and ParkedUpdate only tell open clients to refresh, so they
   * are stored already consumed (they still get an id, which the client reducer keys on).
   */
  transient?: boolean;
}

/** Timestamps in payloads as ISO 8601 UTC, the same text the OData lists produce. */
export const isoText = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The payload of spec 1 §3 "Alert", from alias `a` joined to facilities `af`. */
export const ALERT_PAYLOAD_SQL = `a.id, a.type, a.sender_name as "senderName", a.record_id as "recordId",
  a.record_type as "recordType", af.name as "facilityName", af.short_name as "facilityShortName",
  a.conversation_id as "conversationId", ${isoText('a.parked_at')} as "parkedAt", a.parked_by as "parkedBy",
  a.parked_for as "parkedFor", a.alert_id_to_consume as "alertIdToConsume", a.follow_up_for as "followUpFor",
  a.follow_up_for_id as "followUpForId", a.is_message_group as "isMessageGroup"`;

/** Postgres array parameters as JSON text, so the SQL stays one parameter whatever the list length. */
export const idList = (ids: readonly number[]): SQL =>
  sql`(select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`;

/** Where created alerts are pushed (the app's AlertHub). */
export type AlertPusher = Pick<AlertHub, 'push'>;

/**
 * Inserts alerts in the caller's unit of work and returns them (in input order); they push themselves
 * to `hub` once that work commits, and never when it rolls back (afterCommit).
 * "Only the latest NewMessage alert is kept" (spec 1 §4): a user's earlier pending NewMessage alerts
 * are consumed when a new one is written.
 */
export async function insertAlerts(
  db: Db,
  hub: AlertPusher,
  inputs: readonly AlertInput[],
): Promise<UserAlert[]> {
  if (inputs.length === 0) return [];
  // A user's earlier unread NewMessage alerts are consumed by the new one, in the same statement as the insert (one
  // round trip, not two; a data-modifying WITH sees the table as the statement began, so it never consumes the new rows).
  const newMessageUsers = [...new Set(inputs.filter((a) => a.type === 'NewMessage').map((a) => a.userId))];
  const consume = newMessageUsers.length
    ? sql`consumed as (update alerts set consumed_at = now()
            where type = 'NewMessage' and consumed_at is null and user_id in ${idList(newMessageUsers)}),`
    : sql``;
  const rows = inputs.map((a, ord) => ({
    ord,
    type: a.type,
    user_id: a.userId,
    sender_name: a.senderName ?? null,
    record_id: a.recordId ?? null,
    record_type: a.recordType ?? null,
    facility_id: a.facilityId ?? null,
    conversation_id: a.conversationId ?? null,
    parked_item_id: a.parkedItemId ?? null,
    parked_at: a.parkedAt ?? null,
    parked_by: a.parkedBy ?? null,
    parked_for: a.parkedFor ?? null,
    alert_id_to_consume: a.alertIdToConsume ?? null,
    follow_up_for: a.followUpFor ?? null,
    follow_up_for_id: a.followUpForId ?? null,
    is_message_group: a.isMessageGroup ?? false,
    message_group_id: a.messageGroupId ?? null,
    transient: a.transient ?? false,
  }));
  const created = await db.rows<{ userId: number } & UserAlert['alert']>(
    sql`with ${consume} a as (
          insert into alerts (type, user_id, sender_name, record_id, record_type, facility_id, conversation_id,
            parked_item_id, parked_at, parked_by, parked_for, alert_id_to_consume, follow_up_for, follow_up_for_id,
            is_message_group, message_group_id, consumed_at)
          select x.type, x.user_id, x.sender_name, x.record_id, x.record_type, x.facility_id, x.conversation_id,
            x.parked_item_id, x.parked_at, x.parked_by, x.parked_for, x.alert_id_to_consume, x.follow_up_for,
            x.follow_up_for_id, x.is_message_group, x.message_group_id, case when x.transient then now() end
          from json_to_recordset(${JSON.stringify(rows)}::json) as x(ord int, type text, user_id int, sender_name text,
            record_id int, record_type text, facility_id int, conversation_id int, parked_item_id int,
            parked_at timestamptz, parked_by text, parked_for text, alert_id_to_consume int, follow_up_for text,
            follow_up_for_id int, is_message_group boolean, message_group_id int, transient boolean)
          order by x.ord
          returning *)
        select a.user_id as "userId", ${sql.raw(ALERT_PAYLOAD_SQL)}
        from a left join facilities af on af.id = a.facility_id
        order by a.id`,
  );
  const alerts = created.map(({ userId, ...alert }) => ({ userId, alert }));
  if (alerts.length) db.afterCommit(() => hub.push(alerts));
  return alerts;
}

/**
 * Consumes pending alerts matching a condition (on alias `a`) and returns a Consume alert for each,
 * so every open client of their users drops them ("A Consume alert removes the alert it names"),
 * pushed once the unit of work commits.
 */
export async function consumeAlertsWhere(db: Db, hub: AlertPusher, where: SQL): Promise<UserAlert[]> {
  const consumed = await db.rows<{ id: number; userId: number }>(
    sql`update alerts a set consumed_at = now() where a.consumed_at is null and ${where}
        returning a.id, a.user_id as "userId"`,
  );
  return insertAlerts(
    db,
    hub,
    consumed.map((c) => ({ type: 'Consume', userId: c.userId, alertIdToConsume: c.id, transient: true })),
  );
}
