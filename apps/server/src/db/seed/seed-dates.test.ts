import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-type.js';
import { createTestApp } from '../../../test/harness.js';
import { TEST_PEPPER, TEST_SCRYPT_COST } from '../../../test/constants.js';
import { type Database, migrateDatabase, openDatabase } from '../client.js';
import { seedDatabase } from './index.js';

/**
 * Written out here rather than imported from the seed, so widening the seed's list fails this test:
 * plans (follow-ups, promised/action dates, appointment times, loaner returns, message expiry) may
 * lie in the future; everything else records something that happened.
 */
const MAY_BE_FUTURE = new Set([
  'invoices.follow_up_at',
  'invoice_search.follow_up_at',
  'invoices.action_date',
  'service_vehicles.follow_up_date',
  'service_vehicles.promised_date_time',
  'appointments.appointment_date_time',
  'appointments.scheduled_time',
  'appointments.eta',
  'appointments.etc',
  'appointments.sort_date',
  'appointment_schedules.expected_return_time',
  'loaner_reservations.appointment_date',
  'loaner_reservations.expected_return',
  'messages.expires_at',
  // Deadlines, not events: a session's end and an outbox message's next try lie ahead by design.
  'sessions.expires_at',
  'customer_approvals.expires_at',
  'notify_outbox.next_attempt_at',
]);

/** Every "happened" timestamp column with rows after `at`: [table.column, count]. */
async function datedAfter(db: Database, at: string): Promise<[string, number][]> {
  const cols = await db.rows<{ t: string; c: string }>(
    sql`select table_name as t, column_name as c from information_schema.columns
        where table_schema = 'public' and data_type like 'timestamp%' order by 1, 2`,
  );
  const found: [string, number][] = [];
  for (const { t, c } of cols) {
    if (MAY_BE_FUTURE.has(`${t}.${c}`)) continue;
    const [{ n }] = await db.rows<{ n: number }>(
      sql.raw(`select count(*)::int as n from "${t}" where "${c}" > ${at}`),
    );
    if (n > 0) found.push([`${t}.${c}`, n]);
  }
  return found;
}

describe('seeded dates (issue #13 item 3)', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('the test database holds nothing that happened after now', async () => {
    expect(await datedAfter(app.deps.db, 'now()')).toEqual([]);
  });

  it("seeded just after local midnight, before the day's work, still nothing is dated after the seed", async () => {
    // 00:05 in Houston: every "today" row of the generator (08:00-18:00) would lie in the future.
    const now = new Date('2026-03-10T05:05:00Z');
    const db = await openDatabase({ memory: true });
    try {
      await migrateDatabase(db);
      await seedDatabase(db, {
        scale: 0.05,
        pepper: TEST_PEPPER,
        scryptCost: TEST_SCRYPT_COST,
        now,
        publicBaseUrl: 'https://shop.example.com/glass',
      });
      expect(await datedAfter(db, `'${now.toISOString()}'::timestamptz`)).toEqual([]);
      // Plans still reach into the future (follow-ups, messages' expiry).
      const [{ n }] = await db.rows<{ n: number }>(
        sql`select (select count(*) from invoices where follow_up_at > ${now.toISOString()}::timestamptz)::int
                 + (select count(*) from messages where expires_at > ${now.toISOString()}::timestamptz)::int as n`,
      );
      expect(n).toBeGreaterThan(0);

      // Issue #13 item 5: seeded without a data directory, no row points at a file it could not write.
      const [{ refs }] = await db.rows<{ refs: number }>(
        sql`select (select count(*) from invoice_images)::int + (select count(*) from invoice_pdfs)::int
                 + (select count(*) from invoices where signature_path is not null)::int
                 + (select count(*) from messages where image_attachment_path is not null)::int
                 + (select count(*) from service_vehicles where ro_image_path is not null
                      or insurance_card_image_path is not null or windshield_image_paths is not null)::int as refs`,
      );
      expect(refs).toBe(0);

      // Issue #13 item 4: the approval requests the customers were sent carry absolute links.
      const sent = await db.rows<{ body: string }>(
        sql`select body from notify_outbox where body like '%sign-approval%'`,
      );
      expect(sent.length).toBeGreaterThan(0);
      for (const { body } of sent) {
        expect(body).toMatch(
          /^Please review and approve: https:\/\/shop\.example\.com\/glass\/sign-approval\/[0-9a-f-]{36}$/,
        );
      }
    } finally {
      await db.close();
    }
  });
});
