import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { planEachTime, planOnce, wantsFreshPlan, wantsOnePlan } from '../odata/render-sql.js';
import { openDatabase } from './client.js';

const url = process.env.DATABASE_URL;
if (!url) console.info('plan-cache.test.ts: the PostgreSQL part is skipped without DATABASE_URL');

describe('which statements keep one generic plan (render-sql.ts planOnce)', () => {
  it('marks a statement, unless it is also to be planned each time', () => {
    expect(wantsOnePlan(planOnce(sql`select 1`))).toBe(true);
    expect(wantsOnePlan(sql`select 1`)).toBe(false);
    const both = planEachTime(planOnce(sql`select 1`));
    expect(wantsOnePlan(both)).toBe(false);
    expect(wantsFreshPlan(both)).toBe(true);
  });
});

/**
 * On PostgreSQL the marked statements run on sessions that keep one generic plan; every other statement, and
 * above all the unnamed ones that must be planned with their values (a fragment match), keeps PostgreSQL's
 * choice.
 */
describe.skipIf(!url)('plan modes on PostgreSQL', () => {
  it('plans marked statements once, and everything else as PostgreSQL chooses', async () => {
    const db = await openDatabase({ databaseUrl: url });
    try {
      const mode = (r: { plan_cache_mode: string }[]) => r[0].plan_cache_mode;
      expect(mode(await db.listRows(planOnce(sql`show plan_cache_mode`)))).toBe('force_generic_plan');
      expect(mode(await db.listRows(sql`show plan_cache_mode`))).toBe('auto');
      expect(mode(await db.listRows(planEachTime(planOnce(sql`show plan_cache_mode`))))).toBe('auto');
      expect(mode(await db.rows(sql`show plan_cache_mode`))).toBe('auto');
      expect(mode(await db.transaction((w) => w.rows(sql`show plan_cache_mode`)))).toBe('auto');
    } finally {
      await db.close();
    }
  });
});
