import { ConversationClass, NEW_CONVERSATION_TITLE_COLOR_ID } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/unit-of-work.js';
import type { UserAlert } from '../../realtime/hub.js';
import { type AlertPusher, insertAlerts } from '../alerts/index.js';
import type { LinkedRecord } from './writer.js';

export interface SystemNotice {
  /** Who is told (e.g. the user who requested a customer approval). */
  userId: number;
  subject: string;
  message: string;
  record: LinkedRecord;
  /** Shown as the alert's sender (e.g. the customer's name); no staff member wrote it. */
  senderName: string;
}

/** Messages expire after 30 days, as every message does (writer.ts). */
const MESSAGE_LIFETIME = sql`interval '30 days'`;

/**
 * Tells one user about something no one on staff wrote (a customer answered an approval request): a
 * system conversation (class 1) linked to the record, with one message, and a NewMessage alert to the user
 * that names the record and the sender, so the badge, the Notifications drawer, the title count and
 * Consume handle it like any message. Written in the caller's unit of work; the alert pushes itself once
 * that work commits. A message needs an author, and there is no system account: the conversation and its
 * message are filed under the user it tells (so it is theirs to see), which is why the Messages drawer shows
 * it as read; the pending alert is what announces it, and opening the record from it consumes it.
 */
export async function postSystemNotice(db: Db, hub: AlertPusher, notice: SystemNotice): Promise<UserAlert[]> {
  const invoiceId = notice.record.recordType === 'Invoice' ? notice.record.recordId : null;
  const serviceVehicleId = notice.record.recordType === 'ServiceVehicle' ? notice.record.recordId : null;
  const [conv] = await db.rows<{ id: number; facilityId: number | null }>(
    sql`insert into conversations (subject, started_by_user_id, class_name_id, title_color_id, service_vehicle_id, invoice_id)
        values (${notice.subject}, ${notice.userId}, ${ConversationClass.SystemRequest}, ${NEW_CONVERSATION_TITLE_COLOR_ID},
                ${serviceVehicleId}, ${invoiceId})
        returning id, (select facility_id from invoices where id = ${invoiceId}
                       union all select facility_id from service_vehicles where id = ${serviceVehicleId} limit 1)
                  as "facilityId"`,
  );
  const [msg] = await db.rows<{ id: number }>(
    sql`insert into messages (conversation_id, message, message_from_user_id, expires_at)
        values (${conv.id}, ${notice.message}, ${notice.userId}, now() + ${MESSAGE_LIFETIME}) returning id`,
  );
  await db.rows(
    sql`insert into recipients (message_id, recipient_user_id, conversation_id)
        values (${msg.id}, ${notice.userId}, ${conv.id})`,
  );
  return insertAlerts(db, hub, [
    {
      type: 'NewMessage',
      userId: notice.userId,
      senderName: notice.senderName,
      conversationId: conv.id,
      recordType: notice.record.recordType,
      recordId: notice.record.recordId,
      facilityId: conv.facilityId,
    },
  ]);
}
