import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { NotifyProvider, OutboxMessage } from './provider.js';

export interface DrainOptions {
  /** Messages claimed per run. */
  batch?: number;
  /** After this many failed attempts a message is left as 'failed'. */
  maxAttempts?: number;
}

export interface DrainResult {
  sent: number;
  failed: number;
  retried: number;
}

/**
 * Sends pending outbox messages once. Rows are claimed with SKIP LOCKED and marked 'sending' in their
 * own statement, so several server processes can drain the same outbox without sending twice.
 * A process that dies mid-send leaves rows in 'sending'; they are not retried automatically
 * (re-sending an SMS that may have gone out is worse than an operator looking at the row).
 */
export async function drainOutbox(
  db: Database,
  provider: NotifyProvider,
  opts: DrainOptions = {},
): Promise<DrainResult> {
  const batch = opts.batch ?? 50;
  const maxAttempts = opts.maxAttempts ?? 5;
  const claimed = await db.rows<OutboxMessage & { attempts: number }>(
    sql`with next as (
          select id from notify_outbox where status = 'pending' order by created_at, id limit ${batch}
          for update skip locked)
        update notify_outbox o set status = 'sending', attempts = o.attempts + 1
        from next where o.id = next.id
        returning o.id, o.channel, o.to_address as "toAddress", o.subject, o.body, o.meta,
                  o.mailbox_id as "mailboxId", o.record_type as "recordType", o.record_id as "recordId",
                  o.attempts`,
  );
  const result: DrainResult = { sent: 0, failed: 0, retried: 0 };
  for (const message of claimed) {
    try {
      await provider.send(message);
      await db.rows(
        sql`update notify_outbox set status = 'sent', sent_at = now(), error = null where id = ${message.id}`,
      );
      result.sent++;
    } catch (err) {
      const final = message.attempts >= maxAttempts;
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      await db.rows(
        sql`update notify_outbox set status = ${final ? 'failed' : 'pending'}, error = ${error} where id = ${message.id}`,
      );
      if (final) result.failed++;
      else result.retried++;
    }
  }
  return result;
}

/** Drains the outbox every intervalMs until the returned stop() is called; the timer never keeps the process alive. */
export function startOutboxSender(
  db: Database,
  provider: NotifyProvider,
  opts: DrainOptions & { intervalMs?: number; onError?: (err: unknown) => void } = {},
): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await drainOutbox(db, provider, opts);
    } catch (err) {
      opts.onError?.(err);
    } finally {
      running = false;
    }
  }, opts.intervalMs ?? 10_000);
  timer.unref();
  return () => clearInterval(timer);
}
