import { describe, expect, it } from 'vitest';
import {
  defaultReportRange,
  isCalendarDay,
  reportRangeProblem,
  reportScope,
  shiftDay,
} from './report-range.js';

describe('report range', () => {
  it('accepts real calendar days only', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2025-02-29')).toBe(false);
    expect(isCalendarDay('2025-2-01')).toBe(false);
  });
  it('allows up to 3 years less a day', () => {
    expect(reportRangeProblem('2023-01-01', '2025-12-31')).toBeUndefined();
    expect(reportRangeProblem('2023-01-01', '2026-01-01')).toMatch(/3 years/);
    expect(reportRangeProblem('2025-01-02', '2025-01-01')).toMatch(/before/);
    expect(reportRangeProblem('2025-01-01', '2025-01-01')).toBeUndefined();
  });
  it('defaults to 12 whole months including the current one', () => {
    expect(defaultReportRange('2026-11-27')).toEqual({ from: '2025-12-01', to: '2026-11-27' });
    expect(defaultReportRange('2026-01-05')).toEqual({ from: '2025-02-01', to: '2026-01-05' });
    expect(shiftDay('2024-02-29', { years: 1 })).toBe('2025-03-01');
  });
  it('covers the allowed facilities (null: all, none: refused)', () => {
    expect(reportScope({ allowedFacilityIds: null })).toEqual({ kind: 'all' });
    expect(reportScope({ allowedFacilityIds: [2, 3] })).toEqual({ kind: 'facilities', ids: [2, 3] });
    expect(reportScope({ allowedFacilityIds: [] })).toEqual({ kind: 'none' });
  });
});
