import { IGNORED_MESSAGE_GROUP_ID } from '@glass/domain';
import { sql } from 'drizzle-orm';
import { idList } from '../alerts/index.js';
import type { Db } from '../../db/unit-of-work.js';

/** A user who hears a group, through which group, and whether that subscription asks for an SMS. */
export interface GroupListener {
  userId: number;
  messageGroupId: number;
  useSms: boolean;
  phone: string | null;
}

export interface AudienceOptions {
  /** Leave this user out (the sender, the one who parks). */
  exclude?: number | null;
  /**
   * Only "Always" subscribers. Parked alerts use this: "A parked alert counts as pending for a user
   * only if the user is subscribed "always" to the message group or the item is parked for that user"
   * (spec 1 §4), so nobody else is sent one.
   */
  alwaysOnly?: boolean;
}

/**
 * Who gets a group's alerts: active users subscribed "Always", or subscribed "On duty" while they are
 * on duty (users.is_on_duty). The On-duty branch is limited to the group's members: the subscriptions
 * table defaults on_duty to true for every row, and without the membership condition every on-duty
 * user would hear every group. Group 6 (System) never has listeners. One row per user: the first group
 * that asks for an SMS wins, so a user subscribed to two named groups gets one alert and one SMS.
 */
export async function groupAudience(
  db: Db,
  groupIds: readonly number[],
  opts: AudienceOptions = {},
): Promise<GroupListener[]> {
  const groups = groupIds.filter((g) => g !== IGNORED_MESSAGE_GROUP_ID);
  if (groups.length === 0) return [];
  const onDutyBranch = opts.alwaysOnly
    ? sql`false`
    : sql`(s.on_duty and u.is_on_duty and exists (
             select 1 from message_group_members mm where mm.message_group_id = s.message_group_id and mm.user_id = u.id))`;
  return db.rows<GroupListener>(
    sql`select distinct on (u.id) u.id as "userId", s.message_group_id as "messageGroupId", s.use_sms as "useSms", u.phone
        from subscriptions s join users u on u.id = s.user_id
        where s.message_group_id in ${idList(groups)} and s.message_group_id <> ${IGNORED_MESSAGE_GROUP_ID}
          and u.is_active and u.id is distinct from ${opts.exclude ?? null}::int
          and (s.always or ${onDutyBranch})
        order by u.id, s.use_sms desc, s.message_group_id`,
  );
}
