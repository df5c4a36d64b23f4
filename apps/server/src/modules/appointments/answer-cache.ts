import { sql } from 'drizzle-orm';
import type { Db } from '../../db/unit-of-work.js';
import { sharedRun } from '../../shared-run.js';

/**
 * The appointment answers every office screen shows (the calendar's week, a facility's day), kept per process
 * while nothing they show has changed (decision 0013). The database counts changes (migration 0026: a counter
 * per facility raised by every statement that writes its visits or their schedules, row 0 by installers, part
 * types, statuses, names and time zones), so every writer counts, in every process. An answer is reused only
 * while the sum of its counters is the one it was built under; the counters are read before the answer is
 * built, so a kept answer can only be newer than its mark, never older.
 */
const MAX_ENTRIES = 200;
/** The kept answers' text at most (a busy facility's month is about 500 KB, its day 420 KB). */
const MAX_CHARS = 32 * 1024 * 1024;
const answers = new Map<string, { version: number; text: string }>();
let keptChars = 0;
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

function forget(key: string) {
  const kept = answers.get(key);
  if (!kept) return;
  answers.delete(key);
  keptChars -= kept.text.length;
}

function keep(key: string, version: number, text: string) {
  forget(key);
  if (text.length > MAX_CHARS) return;
  // Least recently used first (Map order): drop from the front until the new answer fits.
  for (const oldest of answers.keys()) {
    if (answers.size < MAX_ENTRIES && keptChars + text.length <= MAX_CHARS) break;
    forget(oldest);
  }
  answers.set(key, { version, text });
  keptChars += text.length;
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
    answers.delete(key); // most recently used last
    answers.set(key, hit);
    return hit.text;
  }
  return sharedRun(building, `${key}\u0000${version}`, () =>
    build().then((text) => {
      const current = answers.get(key);
      if (!current || current.version < version) keep(key, version, text);
      return text;
    }),
  );
}

/** Answers kept, their characters and answers being built, for GET /metrics (bounded: MAX_ENTRIES, MAX_CHARS). */
export function answerCacheSize(): { entries: number; chars: number; building: number } {
  return { entries: answers.size, chars: keptChars, building: building.size };
}
