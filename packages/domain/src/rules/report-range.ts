/**
 * Reports (issue #21, spec 2 §2 "/reports"; §9: "Limits for reports … not shown", so these are ours):
 * the date range every report takes, who sees which facilities, and the few constants the figures use.
 *
 * - A range is two calendar days, `from` and `to`, both included, read in each facility's own time zone
 *   (a facility in Los Angeles and one in New York each count their own local days).
 * - A range covers at most 3 years: `to` must fall before the same day 3 years after `from`.
 * - The default range is the last 12 whole months including the current one: from the first day of the
 *   month 11 months ago to today (so the monthly chart has 12 bars).
 * - Scope: the user's allowed facilities (rules/facility-scope.ts, decision 0016): a System Admin and a
 *   Manager without a home facility (a regional manager) see every facility; anyone else sees their home
 *   facility and the ones granted them; with none of either, nothing (403).
 */

export const REPORT_MAX_YEARS = 3;
/** An arrival up to this many minutes after the scheduled time is on time (Technicians report). */
export const ON_TIME_GRACE_MINUTES = 15;
/** Receivables age buckets in days, by the invoice's open day: 0–30, 31–60, 61–90, over 90. */
export const AGE_BUCKETS = [
  { key: 'd0_30', title: '0–30 days', min: 0, max: 30 },
  { key: 'd31_60', title: '31–60 days', min: 31, max: 60 },
  { key: 'd61_90', title: '61–90 days', min: 61, max: 90 },
  { key: 'd90_plus', title: 'Over 90 days', min: 91, max: null },
] as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the text is a real calendar day 'YYYY-MM-DD'. */
export function isCalendarDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** A calendar day moved by whole years, months and days (31 Jan + 1 month = 3 Mar, as Date does). */
export function shiftDay(day: string, { years = 0, months = 0, days = 0 }): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y + years, m - 1 + months, d + days)).toISOString().slice(0, 10);
}

/** Why a range is refused (the message of the 400 on `to`), or undefined when it is fine. */
export function reportRangeProblem(from: string, to: string): string | undefined {
  if (to < from) return 'The end date must not be before the start date';
  if (to >= shiftDay(from, { years: REPORT_MAX_YEARS })) return 'The range may cover at most 3 years';
  return undefined;
}

/** The default range for a given today ('YYYY-MM-DD'): the first of the month 11 months back to today. */
export function defaultReportRange(today: string): { from: string; to: string } {
  return { from: `${shiftDay(`${today.slice(0, 7)}-01`, { months: -11 })}`, to: today };
}

/** The facilities a user's reports cover: 'all', their allowed facilities, or 'none' (refused). */
export type ReportScope = { kind: 'all' } | { kind: 'facilities'; ids: readonly number[] } | { kind: 'none' };

/** From the user's allowed facilities (rules/facility-scope.ts: null is every facility). */
export function reportScope(user: { allowedFacilityIds: readonly number[] | null }): ReportScope {
  if (user.allowedFacilityIds === null) return { kind: 'all' };
  if (user.allowedFacilityIds.length === 0) return { kind: 'none' };
  return { kind: 'facilities', ids: user.allowedFacilityIds };
}
