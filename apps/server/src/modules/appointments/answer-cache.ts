import { sql } from 'drizzle-orm';
import type { Db } from '../../db/unit-of-work.js';

/**
 * The appointment answers every office screen shows (the calendar's week, a facility's day), kept per process
 * while nothing they show has changed (decision 0013). The database counts changes (migration 0026: a counter
 * per facility raised by every statement that writes its visits or their schedules, row 0 by installers, part
 * types, statuses, names and time zones), so every writer counts, in every process. An answer is reused only
 * while the sum of its counters is the one it was built under; the counters are read before the answer is
 * built, so a kept answer can only be newer than its mark, never older.
 */
const MAX_ENTRIES = 200;
const answers = new Map<string, { version: number; text: string }>();
/** Answers being built: screens asking for the same one at once (after each change all redraw) share it. */
const building = new Map<string, Promise<string>>();

/** The sum of the counters a facility's answers depend on (every facility's when none is given). */
async function versionOf(db: Db, facilityId: number | undefined): Promise<number> {
  const [row] = await db.rows<{ v: string }>(
    sql`select coalesce(sum(version), 0)::text as v from appointment_versions
         ${facilityId ? sql`where facility_id in (0, ${facilityId})` : sql``}`,
  );
  return Number(row?.v ?? 0);
}

/**
 * The answer for `key` (everything the answer depends on besides the database) over `facilityId`'s visits
 * (undefined: any facility's), built by `build` when none is kept for the current counters.
 */
export async function cachedAnswer(
  db: Db,
  facilityId: number | undefined,
  key: string,
  build: () => Promise<string>,
): Promise<string> {
  const version = await versionOf(db, facilityId);
  const hit = answers.get(key);
  if (hit && hit.version === version) {
    answers.delete(key); // most recently used last: the first key is the one to drop when full
    answers.set(key, hit);
    return hit.text;
  }
  const mark = `${key}\u0000${version}`;
  const pending = building.get(mark);
  if (pending) return pending;
  const run = build().then((text) => {
    const current = answers.get(key);
    if (!current || current.version < version) {
      answers.delete(key);
      if (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value as string);
      answers.set(key, { version, text });
    }
    return text;
  });
  building.set(mark, run);
  try {
    return await run;
  } finally {
    building.delete(mark);
  }
}
