import { describe, expect, it } from 'vitest';
import { defaultReconcileRange, isReconcileCacheFresh, reconcileCacheKey } from './reconcile-range.js';

describe('reconcile defaults (spec 2 §2, §4, §9)', () => {
  it('default date range is the start of the day one year ago to the end of today', () => {
    const now = new Date(2024, 5, 15, 13, 45);
    const { start, end } = defaultReconcileRange(now);
    expect(start).toEqual(new Date(2023, 5, 15, 0, 0, 0, 0));
    expect(end).toEqual(new Date(2024, 5, 15, 23, 59, 59, 999));
  });
  it('Reconcile list is cached per start-end date key for 5 minutes', () => {
    const a = defaultReconcileRange(new Date(2024, 5, 15));
    const b = defaultReconcileRange(new Date(2024, 5, 16));
    expect(reconcileCacheKey(a)).not.toBe(reconcileCacheKey(b));
    // Filters run on the server, so they are part of the key (issue #20).
    expect(reconcileCacheKey(a, "contains(buyerName,'lee')")).not.toBe(reconcileCacheKey(a));
    expect(reconcileCacheKey(a, '')).toBe(reconcileCacheKey(a));
    expect(isReconcileCacheFresh(0, 299_999)).toBe(true);
    expect(isReconcileCacheFresh(0, 300_000)).toBe(false);
  });
});
