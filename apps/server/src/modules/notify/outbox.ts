import { sql } from 'drizzle-orm';
import type { Db } from '../../db/unit-of-work.js';
import { countSmsSegments, smsText } from './sms.js';

export type NotifyChannel = 'sms' | 'email';

export interface OutgoingNotice {
  channel: NotifyChannel;
  to: string;
  subject?: string | null;
  body: string;
  /** Extra data for the provider (e-mail cc, attachments), stored as JSON text. */
  meta?: Record<string, unknown>;
  mailboxId?: number | null;
  recordType?: string | null;
  recordId?: number | null;
}

export { SMS_MAX_CHARS, smsText } from './sms.js';

/**
 * Queues notices in the business unit of work (pass it): they are sent only if the change commits,
 * and a slow provider never holds a request (sender.ts drains the outbox).
 */
export async function queueNotices(db: Db, notices: OutgoingNotice[]): Promise<number[]> {
  if (notices.length === 0) return [];
  const rows = notices.map((n) => {
    // A text is normalised to GSM-7 where it can be and its billed segments counted before it is queued.
    const body = n.channel === 'sms' ? smsText(n.body) : n.body;
    return {
      channel: n.channel,
      to_address: n.to,
      subject: n.subject ?? null,
      body,
      meta: n.meta ? JSON.stringify(n.meta) : null,
      mailbox_id: n.mailboxId ?? null,
      record_type: n.recordType ?? null,
      record_id: n.recordId ?? null,
      segments: n.channel === 'sms' ? countSmsSegments(body).segments : null,
    };
  });
  const inserted = await db.rows<{ id: number }>(
    sql`insert into notify_outbox (channel, to_address, subject, body, meta, mailbox_id, record_type, record_id, segments)
        select x.channel, x.to_address, x.subject, x.body, x.meta, x.mailbox_id, x.record_type, x.record_id, x.segments
        from json_to_recordset(${JSON.stringify(rows)}::json) as x(channel text, to_address text, subject text,
             body text, meta text, mailbox_id int, record_type text, record_id int, segments smallint)
        returning id`,
  );
  return inserted.map((r) => r.id);
}

export const queueSms = (
  db: Db,
  to: string,
  body: string,
  record?: { recordType?: string | null; recordId?: number | null },
) => queueNotices(db, [{ channel: 'sms', to, body, ...record }]);
