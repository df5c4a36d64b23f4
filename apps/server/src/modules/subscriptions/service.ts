import type { Subscription, SubscriptionUpdate } from '@glass/domain/contracts';
import { IGNORED_MESSAGE_GROUP_ID } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { audit } from '../../http/audit.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { f, nn } from '../../odata/fields.js';
import type { ODataResource } from '../../odata/types.js';

/** GET /api/Subscriptions (spec 1 §3 "Subscription"); the route scopes it to the signed-in user. */
export const subscriptionsResource: ODataResource = {
  name: 'Subscriptions',
  from: 'subscriptions s join message_groups g on g.id = s.message_group_id',
  where: `s.message_group_id <> ${IGNORED_MESSAGE_GROUP_ID} and g.is_active`,
  fields: {
    id: f('s.id', 'number'),
    userId: nn('s.user_id', 'number'),
    messageGroupId: nn('s.message_group_id', 'number'),
    groupName: f('g.name', 'string'),
    groupDescription: f('g.description', 'string'),
    always: nn('s.always', 'boolean'),
    onDuty: nn('s.on_duty', 'boolean'),
    useSms: nn('s.use_sms', 'boolean'),
  },
  defaultOrderBy: 's.id',
  key: 's.id',
  defaultTop: 100,
  maxTop: 100,
};

type SubscriptionRow = Subscription;

const ROW = sql`s.id, s.user_id as "userId", s.message_group_id as "messageGroupId", g.name as "groupName",
  g.description as "groupDescription", s.always, s.on_duty as "onDuty", s.use_sms as "useSms"`;

export class SubscriptionService {
  constructor(private db: Database) {}

  /**
   * Users created after the seed have no rows yet; the dialog needs one per group to save into, so
   * the missing ones are added with the table's defaults (Never). Not audited: nothing changes for
   * the user until they save.
   */
  async ensureRows(userId: number) {
    await this.db.rows(
      sql`insert into subscriptions (user_id, message_group_id)
          select ${userId}, g.id from message_groups g
          where g.is_active and g.id <> ${IGNORED_MESSAGE_GROUP_ID}
            and not exists (select 1 from subscriptions s where s.user_id = ${userId} and s.message_group_id = g.id)
          on conflict (user_id, message_group_id) do nothing`,
    );
  }

  /** Only the user's own rows may change; group 6 is not a subscription anyone sees. */
  async update(user: SessionUser, id: number, input: SubscriptionUpdate): Promise<SubscriptionRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.rows<SubscriptionRow>(
        sql`select ${ROW} from subscriptions s join message_groups g on g.id = s.message_group_id
            where s.id = ${id} and s.message_group_id <> ${IGNORED_MESSAGE_GROUP_ID} for update of s`,
      );
      if (!row) throw notFound(`Subscription ${id} does not exist.`);
      if (row.userId !== user.id) throw forbidden('You can only change your own subscriptions.');
      if (input.id !== undefined && input.id !== id)
        throw badRequest('id', 'The id does not match the address');
      if (input.userId !== undefined && input.userId !== row.userId)
        throw badRequest('userId', 'The user of a subscription cannot change');
      if (input.messageGroupId !== undefined && input.messageGroupId !== row.messageGroupId) {
        throw badRequest('messageGroupId', 'The group of a subscription cannot change');
      }
      const [saved] = await tx.rows<SubscriptionRow>(
        sql`update subscriptions s set always = coalesce(${input.always ?? null}::boolean, s.always),
                   on_duty = coalesce(${input.onDuty ?? null}::boolean, s.on_duty),
                   use_sms = coalesce(${input.useSms ?? null}::boolean, s.use_sms), updated_at = now()
            from message_groups g where g.id = s.message_group_id and s.id = ${id}
            returning ${ROW}`,
      );
      await audit(tx, user, {
        activity: 'Updated subscription',
        type: 'update',
        details: {
          messageGroupId: saved.messageGroupId,
          always: saved.always,
          onDuty: saved.onDuty,
          useSms: saved.useSms,
        },
      });
      return saved;
    });
  }
}
