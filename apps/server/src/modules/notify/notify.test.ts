import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { queueNotices, queueSms, SMS_MAX_CHARS } from './outbox.js';
import { type NotifyProvider, type OutboxMessage, RecordingProvider } from './provider.js';
import { drainOutbox, OUTBOX_MAX_ATTEMPTS, outboxRetryDelayMs, startOutboxSender } from './sender.js';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

interface Row {
  status: string;
  attempts: number;
  error: string | null;
  segments: number | null;
  toAddress: string;
  /** Seconds from now to the next attempt. */
  dueIn: number;
}
const rowOf = async (id: number) =>
  (
    await app.deps.db.rows<Row>(
      sql`select status, attempts, error, segments, to_address as "toAddress",
                 extract(epoch from next_attempt_at - now())::float8 as "dueIn"
          from notify_outbox where id = ${id}`,
    )
  )[0];
/** As if the wait before the next attempt had passed. */
const makeDue = (id: number) =>
  app.deps.db.rows(sql`update notify_outbox set next_attempt_at = now() where id = ${id}`);

/** Fails every message of `ids` while `down()` holds; others are recorded. */
function gateway(ids: number[], down: () => boolean) {
  const sent: OutboxMessage[] = [];
  const provider: NotifyProvider = {
    name: 'test-gateway',
    send: async (m) => {
      if (ids.includes(m.id) && down()) throw new Error('gateway down');
      sent.push(m);
    },
  };
  return { provider, sent };
}

describe('notify outbox', () => {
  it('queues SMS (one GSM-7 segment, counted) and e-mail; SMS goes to the provider in E.164', async () => {
    const [sms] = await queueSms(app.deps.db, '8325550101', `Parked “now” ${'x'.repeat(300)}`, {
      recordType: 'Invoice',
      recordId: 1,
    });
    const [mail] = await queueNotices(app.deps.db, [
      { channel: 'email', to: 'a@example.com', subject: 'Hi', body: 'Body', meta: { cc: ['b@example.com'] } },
    ]);
    const provider = new RecordingProvider();
    // The outbox may hold other test files' messages (PostgreSQL is shared): drain until ours are sent.
    while (!provider.sent.some((m) => m.id === mail))
      await drainOutbox(app.deps.db, provider, { batch: 1000 });
    expect((await rowOf(mail)).status).toBe('sent');
    const sent = provider.sent.find((m) => m.id === sms)!;
    expect(sent).toMatchObject({
      channel: 'sms',
      toAddress: '+18325550101',
      recordType: 'Invoice',
      recordId: 1,
    });
    expect(sent.body).toHaveLength(SMS_MAX_CHARS);
    expect(sent.body).toMatch(/^Parked "now" x+\.\.\.$/);
    expect(provider.sent.find((m) => m.id === mail)).toMatchObject({
      toAddress: 'a@example.com',
      subject: 'Hi',
      meta: '{"cc":["b@example.com"]}',
    });
    // The row keeps the number as entered and the billed segments.
    expect(await rowOf(sms)).toMatchObject({
      status: 'sent',
      attempts: 1,
      segments: 1,
      toAddress: '8325550101',
    });
    expect(await rowOf(mail)).toMatchObject({ status: 'sent', segments: null });
  });

  it('backs off 30 s, 1 m, 2 m, 4 m … and fails only after 8 attempts (about an hour)', async () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => outboxRetryDelayMs(n) / 1000)).toEqual([
      30, 60, 120, 240, 480, 960, 1920,
    ]);
    const total = [1, 2, 3, 4, 5, 6, 7].reduce((s, n) => s + outboxRetryDelayMs(n), 0);
    expect(total).toBeGreaterThanOrEqual(60 * 60_000);
    expect(OUTBOX_MAX_ATTEMPTS).toBe(8);

    const [id] = await queueSms(app.deps.db, '7135550199', 'will fail');
    const { provider } = gateway([id], () => true);
    for (let attempt = 1; attempt < OUTBOX_MAX_ATTEMPTS; attempt++) {
      await drainOutbox(app.deps.db, provider, { batch: 1000 });
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: 'pending', attempts: attempt, error: 'gateway down' });
      expect(row.dueIn).toBeGreaterThan(outboxRetryDelayMs(attempt) / 1000 - 5);
      expect(row.dueIn).toBeLessThanOrEqual(outboxRetryDelayMs(attempt) / 1000);
      // Not due yet: a drain now leaves it alone.
      await drainOutbox(app.deps.db, provider, { batch: 1000 });
      expect((await rowOf(id)).attempts).toBe(attempt);
      await makeDue(id);
    }
    await drainOutbox(app.deps.db, provider, { batch: 1000 });
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 8, error: 'gateway down' });
  });

  it('a one-minute gateway outage does not fail a message: it goes on the attempt after', async () => {
    const [id] = await queueSms(app.deps.db, '7135550199', 'outage');
    let clock = 0; // seconds since the outage began, moved by the backoff waits
    const { provider, sent } = gateway([id], () => clock < 60);
    for (let i = 0; i < 5 && !sent.some((m) => m.id === id); i++) {
      await drainOutbox(app.deps.db, provider, { batch: 1000 });
      const row = await rowOf(id);
      if (row.status === 'pending') {
        clock += outboxRetryDelayMs(row.attempts) / 1000;
        await makeDue(id);
      }
    }
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('an invalid number fails the message at once with the reason, without reaching the provider', async () => {
    const [id] = await queueSms(app.deps.db, '000', 'never sent');
    const provider = new RecordingProvider();
    await drainOutbox(app.deps.db, provider, { batch: 1000 });
    expect(provider.sent.some((m) => m.id === id)).toBe(false);
    expect(await rowOf(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: "'000' is not a valid phone number for texts (E.164)",
    });
  });

  it('recovers a row left sending by a dead process once the lease has passed', async () => {
    const [stale, fresh, last] = await queueNotices(
      app.deps.db,
      ['stale', 'fresh', 'last'].map((body) => ({ channel: 'sms' as const, to: '7135550199', body })),
    );
    // Claimed by a process that died: 'sending' since 10 minutes (stale) and since now (fresh).
    await app.deps.db.rows(
      sql`update notify_outbox set status = 'sending', attempts = 1,
            claimed_at = case when id = ${fresh} then now() else now() - interval '10 minutes' end
          where id in (${stale}, ${fresh})`,
    );
    await app.deps.db.rows(
      sql`update notify_outbox set status = 'sending', attempts = ${OUTBOX_MAX_ATTEMPTS},
            claimed_at = now() - interval '10 minutes' where id = ${last}`,
    );
    const provider = new RecordingProvider();
    const result = await drainOutbox(app.deps.db, provider, { batch: 1000 });
    expect(result.recovered).toBeGreaterThanOrEqual(2);
    expect(await rowOf(stale)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(provider.sent.filter((m) => m.id === stale)).toHaveLength(1);
    // Within its lease a row is left to its sender.
    expect(await rowOf(fresh)).toMatchObject({ status: 'sending', attempts: 1 });
    // At the attempt limit, a stale row fails with the reason instead.
    expect(await rowOf(last)).toMatchObject({
      status: 'failed',
      error: 'The sender stopped during this attempt (its lease expired)',
    });
  });

  it('stopping the sender waits for the send in flight and hands the rest of the batch back', async () => {
    const ids = await queueNotices(
      app.deps.db,
      [1, 2, 3].map((n) => ({ channel: 'sms' as const, to: '7135550199', body: `slow ${n}` })),
    );
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => {
      started = resolve;
    });
    const sent: number[] = [];
    const slow: NotifyProvider = {
      name: 'slow',
      send: async (m) => {
        started();
        await new Promise((r) => setTimeout(r, 400));
        sent.push(m.id);
      },
    };
    const stop = startOutboxSender(app.deps.db, slow, { intervalMs: 20, batch: 1000 });
    await inFlight;
    const t0 = Date.now();
    await stop();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(200);
    // Exactly the message in flight went out and is recorded as sent.
    expect(sent).toHaveLength(1);
    const [done] = await app.deps.db.rows<{ status: string }>(
      sql`select status from notify_outbox where id = ${sent[0]}`,
    );
    expect(done.status).toBe('sent');
    // Ours that were not sent are pending again, as if never tried; none stays 'sending'.
    for (const id of ids.filter((i) => i !== sent[0]))
      expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
