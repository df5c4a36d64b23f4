import { sql } from 'drizzle-orm';
import type { Database, Orm } from '../../db/client.js';

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

/** One SMS segment; longer texts are cut here so no provider bills several parts for an alert. */
export const SMS_MAX_CHARS = 160;

export function smsText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= SMS_MAX_CHARS ? flat : `${flat.slice(0, SMS_MAX_CHARS - 1)}…`;
}

/**
 * Queues notices in the business transaction (pass its tx): they are sent only if the change commits,
 * and a slow provider never holds a request (sender.ts drains the outbox).
 */
export async function queueNotices(
  db: Database,
  tx: Orm | undefined,
  notices: OutgoingNotice[],
): Promise<number[]> {
  if (notices.length === 0) return [];
  const rows = notices.map((n) => ({
    channel: n.channel,
    to_address: n.to,
    subject: n.subject ?? null,
    body: n.channel === 'sms' ? smsText(n.body) : n.body,
    meta: n.meta ? JSON.stringify(n.meta) : null,
    mailbox_id: n.mailboxId ?? null,
    record_type: n.recordType ?? null,
    record_id: n.recordId ?? null,
  }));
  const inserted = await db.rows<{ id: number }>(
    sql`insert into notify_outbox (channel, to_address, subject, body, meta, mailbox_id, record_type, record_id)
        select x.channel, x.to_address, x.subject, x.body, x.meta, x.mailbox_id, x.record_type, x.record_id
        from json_to_recordset(${JSON.stringify(rows)}::json) as x(channel text, to_address text, subject text,
             body text, meta text, mailbox_id int, record_type text, record_id int)
        returning id`,
    tx,
  );
  return inserted.map((r) => r.id);
}

export const queueSms = (
  db: Database,
  tx: Orm | undefined,
  to: string,
  body: string,
  record?: { recordType?: string | null; recordId?: number | null },
) => queueNotices(db, tx, [{ channel: 'sms', to, body, ...record }]);
