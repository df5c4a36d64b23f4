import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { NotifyProvider, OutboxMessage } from './provider.js';
import { InvalidPhoneNumberError, toE164 } from './sms.js';

/** Attempts before a message is left 'failed': with the backoff below, about an hour of retries. */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** Wait after the first failed attempt; each later one doubles it (30 s, 1 m, 2 m, 4 m …). */
export const OUTBOX_FIRST_RETRY_MS = 30_000;
/** No wait is longer than this, whatever the attempt. */
export const OUTBOX_MAX_RETRY_MS = 60 * 60_000;
/**
 * A row 'sending' for longer than this belonged to a process that died mid-send: it goes back to
 * 'pending' (its attempt counts). Far above the providers' own timeouts (15 s SMS, 20 s SMTP).
 */
export const OUTBOX_LEASE_MS = 5 * 60_000;

/** The wait before the next attempt after `attempt` (1-based) failed attempts. */
export function outboxRetryDelayMs(attempt: number): number {
  return Math.min(OUTBOX_FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1), OUTBOX_MAX_RETRY_MS);
}

export interface DrainOptions {
  /** Messages claimed per run. */
  batch?: number;
  /** After this many failed attempts a message is left as 'failed'. */
  maxAttempts?: number;
  /** How long a 'sending' row is left to its sender before it is recovered (OUTBOX_LEASE_MS). */
  leaseMs?: number;
  /**
   * Shutdown: once aborted, no further message is handed to the provider; the send in flight finishes and is
   * recorded, and the rest of the claimed batch goes back to 'pending' as if never tried.
   */
  signal?: AbortSignal;
}

export interface DrainResult {
  sent: number;
  failed: number;
  retried: number;
  /** Stale 'sending' rows put back (or failed, at the attempt limit) before claiming. */
  recovered: number;
  /** Claimed rows handed back unsent because of a shutdown. */
  released: number;
}

/** An error that no retry can fix (an invalid number): the message fails at once. */
function isPermanent(err: unknown): boolean {
  return err instanceof InvalidPhoneNumberError || (err as { permanent?: boolean })?.permanent === true;
}

/**
 * Sends due outbox messages once. Rows are claimed with SKIP LOCKED and marked 'sending' (with the claim
 * time) in their own statement, so several server processes can drain the same outbox without sending twice.
 * A failed attempt sets the next attempt time (exponential backoff); the last one, or a permanent error,
 * leaves the row 'failed' with the reason. A row left 'sending' past the lease (its process died mid-send)
 * is retried: delivery is at least once, and providers get the row id to recognise a repeat.
 * SMS numbers go to the provider in E.164; an invalid one fails the message without sending.
 */
export async function drainOutbox(
  db: Database,
  provider: NotifyProvider,
  opts: DrainOptions = {},
): Promise<DrainResult> {
  const batch = opts.batch ?? 50;
  const maxAttempts = opts.maxAttempts ?? OUTBOX_MAX_ATTEMPTS;
  const leaseSeconds = (opts.leaseMs ?? OUTBOX_LEASE_MS) / 1000;
  const result: DrainResult = { sent: 0, failed: 0, retried: 0, recovered: 0, released: 0 };
  if (opts.signal?.aborted) return result;
  const recovered = await db.rows<{ id: number }>(
    sql`with stale as (
          select id from notify_outbox
          where status = 'sending' and claimed_at < now() - make_interval(secs => ${leaseSeconds})
          for update skip locked)
        update notify_outbox o
        set status = case when o.attempts >= ${maxAttempts} then 'failed' else 'pending' end,
            error = 'The sender stopped during this attempt (its lease expired)',
            next_attempt_at = now(), claimed_at = null
        from stale where o.id = stale.id
        returning o.id`,
  );
  result.recovered = recovered.length;
  const claimed = await db.rows<OutboxMessage & { attempts: number }>(
    sql`with next as (
          select id from notify_outbox where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at, id limit ${batch}
          for update skip locked)
        update notify_outbox o set status = 'sending', attempts = o.attempts + 1, claimed_at = now()
        from next where o.id = next.id
        returning o.id, o.channel, o.to_address as "toAddress", o.subject, o.body, o.meta,
                  o.mailbox_id as "mailboxId", o.record_type as "recordType", o.record_id as "recordId",
                  o.attempts`,
  );
  claimed.sort((a, b) => a.id - b.id);
  // Every update below is guarded by the attempt it belongs to: a sender whose lease was taken over
  // never overwrites the newer attempt's outcome.
  const mine = (m: { id: number; attempts: number }) =>
    sql`id = ${m.id} and attempts = ${m.attempts} and status = 'sending'`;
  for (const [i, message] of claimed.entries()) {
    if (opts.signal?.aborted) {
      const rest = claimed.slice(i);
      await db.rows(
        sql`update notify_outbox set status = 'pending', attempts = attempts - 1, claimed_at = null
            where status = 'sending' and (id, attempts) in
              (select * from json_to_recordset(${JSON.stringify(rest.map((m) => ({ id: m.id, attempts: m.attempts })))}::json)
                 as x(id int, attempts int))`,
      );
      result.released = rest.length;
      break;
    }
    const { attempts, ...out } = message;
    try {
      if (out.channel === 'sms') out.toAddress = toE164(out.toAddress);
      await provider.send(out);
      await db.rows(
        sql`update notify_outbox set status = 'sent', sent_at = now(), error = null, claimed_at = null
            where ${mine(message)}`,
      );
      result.sent++;
    } catch (err) {
      const final = attempts >= maxAttempts || isPermanent(err);
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const delaySeconds = outboxRetryDelayMs(attempts) / 1000;
      await db.rows(
        sql`update notify_outbox set status = ${final ? 'failed' : 'pending'}, error = ${error}, claimed_at = null,
                   next_attempt_at = now() + make_interval(secs => ${delaySeconds})
            where ${mine(message)}`,
      );
      if (final) result.failed++;
      else result.retried++;
    }
  }
  return result;
}

/**
 * Drains the outbox every intervalMs until stop() is called; stop() aborts the drain in progress (no new
 * send starts) and resolves once the send in flight has been recorded. The timer never keeps the process
 * alive. main.ts runs the sender as a job instead (jobs/background.ts); this is for tools and tests.
 */
export function startOutboxSender(
  db: Database,
  provider: NotifyProvider,
  opts: DrainOptions & { intervalMs?: number; onError?: (err: unknown) => void } = {},
): () => Promise<void> {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = drainOutbox(db, provider, { ...opts, signal: stopping.signal })
      .then(
        () => {},
        (err) => opts.onError?.(err),
      )
      .finally(() => {
        running = undefined;
      });
  }, opts.intervalMs ?? 10_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    stopping.abort();
    await running;
  };
}
