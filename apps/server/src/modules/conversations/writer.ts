import { type ConversationClassId, IGNORED_MESSAGE_GROUP_ID, type RecordTypeName } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { CheckedImage, FileStore } from '../../files/file-store.js';
import { badRequest } from '../../http/errors.js';
import { queueNotices } from '../notify/index.js';
import type { UserAlert } from '../../realtime/hub.js';
import { type AlertPusher, idList, insertAlerts } from '../alerts/index.js';
import { type GroupListener, groupAudience } from '../subscriptions/index.js';
import type { Db } from '../../db/unit-of-work.js';
import { messageType } from './record-type.js';

export interface Sender {
  id: number;
  name: string;
  facilityId: number | null;
}

export interface LinkedRecord {
  recordType: RecordTypeName;
  recordId: number;
}

/** A recipient of one message: named directly, or reached through a group (with that group's SMS choice). */
export interface Recipient {
  userId: number;
  viaGroupId: number | null;
  useSms: boolean;
  phone: string | null;
}

export interface NewMessage {
  conversationId: number;
  /** The linked record's facility, when the caller has already checked the record (checkRecord). */
  recordFacilityId?: number;
  subject: string;
  message: string;
  sender: Sender;
  recipients: readonly Recipient[];
  record?: LinkedRecord | null;
  image?: CheckedImage;
}

export interface NewConversation extends Omit<NewMessage, 'conversationId' | 'recipients'> {
  classNameId: ConversationClassId;
  titleColorId: number;
  description?: string | null;
  recipientUserIds: readonly number[];
  messageGroupIds: readonly number[];
}

export interface Written {
  conversationId: number;
  messageId: number;
  alerts: UserAlert[];
}

/** Messages expire after 30 days, as the existing data does; nothing deletes them yet. */
const MESSAGE_LIFETIME = sql`interval '30 days'`;

/**
 * Writes conversations and messages inside the caller's unit of work: recipient rows, one NewMessage
 * alert per recipient (pushed once the work commits), and an SMS for recipients whose group
 * subscription asks for one. An attached image deletes itself if the work rolls back.
 */
export class ConversationWriter {
  constructor(
    private store: FileStore,
    private hub: AlertPusher,
  ) {}

  async sender(tx: Db, userId: number): Promise<Sender> {
    const [row] = await tx.rows<Sender>(
      sql`select id, first_name || ' ' || last_name as name, facility_id as "facilityId" from users where id = ${userId}`,
    );
    if (!row) throw new Error(`unknown sender ${userId}`);
    return row;
  }

  /** Recipients: the named users plus the groups' audience (group 6 excluded, the sender excluded). */
  async recipients(
    tx: Db,
    sender: Sender,
    userIds: readonly number[],
    groupIds: readonly number[],
  ): Promise<Recipient[]> {
    const named = [...new Set(userIds)].filter((id) => id !== sender.id);
    const groups = [...new Set(groupIds)].filter((id) => id !== IGNORED_MESSAGE_GROUP_ID);
    if (named.length) {
      const found = await tx.rows<{ id: number }>(
        sql`select id from users where is_active and id in ${idList(named)}`,
      );
      const missing = named.filter((id) => !found.some((f) => f.id === id));
      if (missing.length) throw badRequest('RecipientUserIds', `No active user ${missing.join(', ')}`);
    }
    if (groups.length) {
      const found = await tx.rows<{ id: number }>(
        sql`select id from message_groups where is_active and id in ${idList(groups)}`,
      );
      const missing = groups.filter((id) => !found.some((f) => f.id === id));
      if (missing.length) throw badRequest('MessageGroupIds', `No message group ${missing.join(', ')}`);
    }
    const audience = await groupAudience(tx, groups, { exclude: sender.id });
    return mergeRecipients(named, audience);
  }

  async create(tx: Db, input: NewConversation): Promise<Written> {
    const recipients = await this.recipients(tx, input.sender, input.recipientUserIds, input.messageGroupIds);
    const recordFacilityId =
      input.recordFacilityId ?? (input.record ? await this.checkRecord(tx, input.record) : undefined);
    const inv = input.record?.recordType === 'Invoice' ? input.record.recordId : null;
    const sv = input.record?.recordType === 'ServiceVehicle' ? input.record.recordId : null;
    const [conv] = await tx.rows<{ id: number }>(
      sql`insert into conversations (subject, description, started_by_user_id, class_name_id, title_color_id, service_vehicle_id, invoice_id)
          values (${input.subject}, ${input.description ?? null}, ${input.sender.id}, ${input.classNameId}, ${input.titleColorId}, ${sv}, ${inv})
          returning id`,
    );
    const groups = [...new Set(input.messageGroupIds)].filter((id) => id !== IGNORED_MESSAGE_GROUP_ID);
    if (groups.length) {
      await tx.rows(
        sql`insert into conversation_message_groups (conversation_id, message_group_id) select ${conv.id}, g from ${idList(groups)} x(g)`,
      );
    }
    return this.addMessage(tx, { ...input, conversationId: conv.id, recipients, recordFacilityId });
  }

  async addMessage(tx: Db, m: NewMessage): Promise<Written> {
    const ids = m.recipients.map((r) => r.userId);
    // The message, the conversation's last-message time and the recipient rows in one statement (one round trip:
    // under load each one costs the wait for a core, issue #36). The recipients' foreign key to the message is
    // checked at the statement's end, when the message row exists.
    const recipientRows = ids.length
      ? sql`, r as (insert into recipients (message_id, recipient_user_id, conversation_id)
              select m.id, u, ${m.conversationId} from m, ${idList(ids)} x(u)
              on conflict (message_id, recipient_user_id) do nothing)`
      : sql``;
    const [msg] = await tx.rows<{ id: number }>(
      sql`with m as (insert into messages (conversation_id, message, message_from_user_id, expires_at)
            values (${m.conversationId}, ${m.message}, ${m.sender.id}, now() + ${MESSAGE_LIFETIME}) returning id),
          c as (update conversations set last_message_at = now() where id = ${m.conversationId})
          ${recipientRows}
          select id from m`,
    );
    if (m.image) {
      const owner = { ownerUserId: m.sender.id, ownerType: messageType.recordType, ownerId: msg.id };
      const rel = await this.store.saveImage(tx, m.image, 'messages', owner);
      await tx.rows(sql`update messages set image_attachment_path = ${rel} where id = ${msg.id}`);
    }
    if (ids.length === 0) return { conversationId: m.conversationId, messageId: msg.id, alerts: [] };
    const facilityId =
      m.recordFacilityId ?? (m.record ? await this.checkRecord(tx, m.record) : null) ?? m.sender.facilityId;
    const alerts = await insertAlerts(
      tx,
      this.hub,
      m.recipients.map((r) => ({
        type: 'NewMessage',
        userId: r.userId,
        senderName: m.sender.name,
        conversationId: m.conversationId,
        recordType: m.record?.recordType ?? null,
        recordId: m.record?.recordId ?? null,
        facilityId,
        isMessageGroup: r.viaGroupId !== null,
        messageGroupId: r.viaGroupId,
      })),
    );
    await queueNotices(
      tx,
      m.recipients
        .filter((r) => r.useSms && r.phone)
        .map((r) => ({
          channel: 'sms' as const,
          to: r.phone!,
          body: `New message from ${m.sender.name}: ${m.subject}`,
          recordType: m.record?.recordType ?? 'Conversation',
          recordId: m.record?.recordId ?? m.conversationId,
        })),
    );
    return { conversationId: m.conversationId, messageId: msg.id, alerts };
  }

  /** The facility of a linked record; an unknown record is a 400 on RecordId. */
  async checkRecord(tx: Db, record: LinkedRecord): Promise<number> {
    const table = record.recordType === 'Invoice' ? sql`invoices` : sql`service_vehicles`;
    const [row] = await tx.rows<{ facilityId: number }>(
      sql`select facility_id as "facilityId" from ${table} where id = ${record.recordId}`,
    );
    if (!row) throw badRequest('RecordId', `${record.recordType} ${record.recordId} does not exist`);
    return row.facilityId;
  }
}

/** Named users first (no group), then the groups' listeners not already named; a named user keeps a group's SMS choice. */
export function mergeRecipients(named: readonly number[], audience: readonly GroupListener[]): Recipient[] {
  const byUser = new Map(audience.map((l) => [l.userId, l]));
  const out: Recipient[] = named.map((userId) => ({
    userId,
    viaGroupId: null,
    useSms: byUser.get(userId)?.useSms ?? false,
    phone: byUser.get(userId)?.phone ?? null,
  }));
  for (const l of audience) {
    if (!named.includes(l.userId))
      out.push({ userId: l.userId, viaGroupId: l.messageGroupId, useSms: l.useSms, phone: l.phone });
  }
  return out;
}
