import type { InstallerDay } from '@glass/domain/contracts';
import { calendarDayInTimeZone } from '@glass/domain/rules/time-zone';
import { getToken } from '../../api/auth-token';
import { ApiError } from '../../api/http';
import { afterContentPaint } from '../../ui/after-paint';
import { DAY_STORE, fieldTx } from './field-db';
import { takeEarlyDay } from './early-day';
import { fieldApi } from './field-api';

/** The installer's day as the screen shows it: from the server, or the copy kept on the phone (`keptAt`). */
export type ShownDay = InstallerDay & { keptAt: string | null };

interface KeptDay {
  userId: number;
  savedAt: string;
  day: InstallerDay;
}

/** 'YYYY-MM-DD' of now on a time zone's calendar. */
const todayIn = (timeZone: string) => calendarDayInTimeZone(Date.now(), timeZone);

/**
 * The day kept for offline starts (issue #34 item 3): one record per user, only today's own stops (what
 * GET appointments/my-day answered for today: addresses, phones, parts, instructions), replaced on every read
 * and dropped once the day is over or at sign-out. No other day and no other installer's stops are kept.
 */
export const dayStore = {
  save: (userId: number, day: InstallerDay) =>
    fieldTx(DAY_STORE, 'readwrite', (s) =>
      s.put({ userId, savedAt: new Date().toISOString(), day } satisfies KeptDay),
    ),
  async read(userId: number): Promise<KeptDay | undefined> {
    const kept = (await fieldTx(DAY_STORE, 'readonly', (s) => s.get(userId))) as KeptDay | undefined;
    if (!kept) return undefined;
    if (kept.day.date !== todayIn(kept.day.timeZone)) {
      await fieldTx(DAY_STORE, 'readwrite', (s) => s.delete(userId));
      return undefined;
    }
    return kept;
  },
  /** At sign-out: the phone keeps nobody's day. */
  clear: () => fieldTx(DAY_STORE, 'readwrite', (s) => s.clear()),
};

const offline = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * Reads the installer's day: today's (no `date`, or today's date) is kept on the phone after each read; when the
 * network is away, today's kept copy is shown instead (any other day, or no copy, fails as before).
 */
export async function loadMyDay(date: string | undefined, userId: number | undefined): Promise<ShownDay> {
  try {
    const day = await (takeEarlyDay(date) ?? fieldApi.myDay(date));
    // Kept once the day is on the screen: opening the database and writing the day cost a phone about 0.4 s of
    // main thread (Lighthouse, 4x CPU), which held the first stop back (issue #34). The page says "Ready offline"
    // later still (my-appointments-page.tsx).
    // Not once signed out meanwhile: sign-out clears the store, and a read that ended just before must not
    // write the day back (seen in the offline e2e test as a day kept after Logout).
    if (userId && day.date === todayIn(day.timeZone))
      afterContentPaint(() => {
        if (getToken()) void dayStore.save(userId, day).catch(() => undefined);
      });
    return { ...day, keptAt: null };
  } catch (error) {
    if (!offline(error) || !userId) throw error;
    const kept = await dayStore.read(userId).catch(() => undefined);
    if (!kept || (date !== undefined && date !== kept.day.date)) throw error;
    return { ...kept.day, keptAt: kept.savedAt };
  }
}
