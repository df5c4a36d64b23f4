/**
 * Reconcile defaults, spec 2 §2 and §4: the date range is the start of the day one year ago to the
 * end of today, and the list is cached per start-end key for 5 minutes.
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

export function reconcileCacheKey(range: DateRange): string {
  return `reconcile:${range.start.toISOString()}_${range.end.toISOString()}`;
}

export function isReconcileCacheFresh(storedAt: number, now: number = Date.now()): boolean {
  return now - storedAt < RECONCILE_CACHE_TTL_MS;
}
