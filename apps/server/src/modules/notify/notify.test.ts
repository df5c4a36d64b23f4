import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import type { App } from '../../app.js';
import { queueNotices, queueSms, SMS_MAX_CHARS } from './outbox.js';
import { type NotifyProvider, type OutboxMessage, RecordingProvider } from './provider.js';
import { drainOutbox } from './sender.js';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const statusOf = async (id: number) =>
  (
    await app.deps.db.rows<{ status: string; attempts: number; error: string | null }>(
      sql`select status, attempts, error from notify_outbox where id = ${id}`,
    )
  )[0];

describe('notify outbox', () => {
  it('queues SMS (one segment) and e-mail, and the recording provider "sends" them', async () => {
    const [sms] = await queueSms(app.deps.db, undefined, '8325550101', `Parked ${'x'.repeat(300)}`, {
      recordType: 'Invoice',
      recordId: 1,
    });
    const [mail] = await queueNotices(app.deps.db, undefined, [
      { channel: 'email', to: 'a@example.com', subject: 'Hi', body: 'Body', meta: { cc: ['b@example.com'] } },
    ]);
    const provider = new RecordingProvider();
    let result = await drainOutbox(app.deps.db, provider, { batch: 1000 });
    while (!provider.sent.some((m) => m.id === mail))
      result = await drainOutbox(app.deps.db, provider, { batch: 1000 });
    expect(result.failed).toBe(0);
    const sent = provider.sent.find((m) => m.id === sms)!;
    expect(sent).toMatchObject({
      channel: 'sms',
      toAddress: '8325550101',
      recordType: 'Invoice',
      recordId: 1,
    });
    expect(sent.body.length).toBe(SMS_MAX_CHARS);
    expect(provider.sent.find((m) => m.id === mail)).toMatchObject({
      subject: 'Hi',
      meta: '{"cc":["b@example.com"]}',
    });
    expect(await statusOf(sms)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries a failing provider and gives up after the attempt limit', async () => {
    const [id] = await queueSms(app.deps.db, undefined, '000', 'will fail');
    const failing: NotifyProvider = {
      name: 'failing',
      send: async (m: OutboxMessage) => {
        if (m.id === id) throw new Error('gateway down');
      },
    };
    await drainOutbox(app.deps.db, failing, { batch: 1000, maxAttempts: 2 });
    expect(await statusOf(id)).toMatchObject({ status: 'pending', attempts: 1, error: 'gateway down' });
    await drainOutbox(app.deps.db, failing, { batch: 1000, maxAttempts: 2 });
    expect(await statusOf(id)).toMatchObject({ status: 'failed', attempts: 2 });
  });
});
