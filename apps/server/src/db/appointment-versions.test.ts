import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';

const url = process.env.DATABASE_URL;
if (!url)
  console.info('appointment-versions.test.ts: skipped without DATABASE_URL (PGlite has one connection)');

/**
 * Migration 0039 (decision 0013, amended for issue #36): the statements that write a facility's visits note the
 * facility, and its counter is raised once per transaction at commit. Two transactions writing the same
 * facility's visits no longer wait for each other's commit on the counter row.
 */
describe.skipIf(!url)("the appointment answers' counters, raised at commit (PostgreSQL)", () => {
  it('two open transactions of one facility do not wait for each other; each commit raises it once', async () => {
    const db = await openDatabase({ databaseUrl: url });
    const facility = 900_000 + (process.pid % 90_000);
    const a = await db.pool!.connect();
    const b = await db.pool!.connect();
    const version = async () =>
      (
        await db.rows<{ v: number | null }>(
          sql`select (select version from appointment_versions where facility_id = ${facility})::int as v`,
        )
      )[0].v;
    try {
      await db.rows(sql`delete from appointment_versions where facility_id = ${facility}`);
      await a.query('begin');
      await a.query('select appointment_versions_raise($1)', [[facility]]);
      await a.query('select appointment_versions_raise($1)', [[facility, facility]]);
      // Before this migration the second transaction waited here for the first one's commit.
      await b.query('begin');
      await b.query("set local lock_timeout = '2s'");
      await b.query('select appointment_versions_raise($1)', [[facility]]);
      // Nothing is raised before a commit, and nobody else sees the notes.
      expect(await version()).toBeNull();
      await b.query('commit');
      expect(await version()).toBe(1);
      await a.query('commit');
      // The first transaction noted the facility three times: raised once.
      expect(await version()).toBe(2);
      const left = await db.rows<{ n: number }>(
        sql`select count(*)::int as n from appointment_version_raises where facility_id = ${facility}`,
      );
      expect(left[0].n).toBe(0);
      // A transaction rolled back raises nothing.
      await a.query('begin');
      await a.query('select appointment_versions_raise($1)', [[facility]]);
      await a.query('rollback');
      expect(await version()).toBe(2);
    } finally {
      a.release();
      b.release();
      await db.rows(sql`delete from appointment_versions where facility_id = ${facility}`);
      await db.close();
    }
  });

  it("a visit's change raises its facility's counter in the same commit, not before", async () => {
    const db = await openDatabase({ databaseUrl: url });
    const c = await db.pool!.connect();
    try {
      const [visit] = await db.rows<{ id: number; facilityId: number }>(
        sql`select id, facility_id as "facilityId" from appointments order by id limit 1`,
      );
      if (!visit) return; // an empty database: the test above covers the function
      const version = async () =>
        Number(
          (
            await db.rows<{ v: string }>(
              sql`select coalesce((select version from appointment_versions where facility_id = ${visit.facilityId}), 0)::text as v`,
            )
          )[0].v,
        );
      const before = await version();
      await c.query('begin');
      await c.query('update appointments set updated_at = updated_at where id = $1', [visit.id]);
      expect(await version()).toBe(before);
      await c.query('commit');
      expect(await version()).toBe(before + 1);
    } finally {
      c.release();
      await db.close();
    }
  });
});
