/**
 * Reconcile defaults, spec 2 §2 and §4: the date range is the start of the day one year ago to the
 * end of today, and the list is cached per start-end key for 5 minutes. The filters run on the server
 * (issue #20), so the key also carries them: a date-only key would answer another filter's rows.
 */
import dayjs from 'dayjs';
import { RECONCILE_CACHE_TTL_MS, RECONCILE_DEFAULT_RANGE_YEARS } from '../constants.js';

export interface DateRange {
  start: Date;
  end: Date;
}

/** In the runtime's zone: the screen shows and edits the range in the user's own day. */
export function defaultReconcileRange(now: Date = new Date()): DateRange {
  const today = dayjs(now);
  return {
    start: today.subtract(RECONCILE_DEFAULT_RANGE_YEARS, 'year').startOf('day').toDate(),
    end: today.endOf('day').toDate(),
  };
}

/** The cache key of a reconcile answer: start–end, then the filters as the request sends them. */
export function reconcileCacheKey(range: DateRange, filters = ''): string {
  const key = `reconcile:${range.start.toISOString()}_${range.end.toISOString()}`;
  return filters ? `${key}|${filters}` : key;
}

export function isReconcileCacheFresh(storedAt: number, now: number = Date.now()): boolean {
  return now - storedAt < RECONCILE_CACHE_TTL_MS;
}
