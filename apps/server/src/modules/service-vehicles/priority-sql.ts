import { ServicePriority } from '@glass/domain';
import { priorityClassSql } from '../../db/priority-class-sql.js';

/** The TZO the my-lists default to (spec 2 §9), also used when a session has none. */
export const DEFAULT_TZO = 300;

/** A TZO as trusted SQL text: an integer within any real zone, so it can be pasted into resource SQL. */
export function tzoMinutes(tzo: number | null | undefined): number {
  const n = Math.trunc(Number(tzo ?? DEFAULT_TZO));
  return Number.isFinite(n) && n >= -900 && n <= 900 ? n : DEFAULT_TZO;
}

/**
 * Midnight starting today in the zone `tzo` (minutes, `Date#getTimezoneOffset` sign), as a timestamptz.
 * A constant per query, so comparisons with it can use indexes.
 */
export function startOfTodaySql(tzo: number): string {
  const m = tzoMinutes(tzo);
  return `((date_trunc('day', (now() at time zone 'UTC') - make_interval(mins => ${m})) + make_interval(mins => ${m})) at time zone 'UTC')`;
}

const P = ServicePriority;

export { priorityClassSql };

/** "Overdue" is a follow-up date on a calendar day before today in the zone, i.e. before today's midnight. */
const overdueSql = (alias: string, tzo: number) => `${alias}.follow_up_date < ${startOfTodaySql(tzo)}`;

/**
 * `servicePriority` in SQL, so lists can sort and filter by it: an open class becomes OverdueFollowUp when
 * the follow-up is overdue. `cls` is the class expression: the stored column by default; the benchmark's
 * naive endpoint passes `priorityClassSql(alias)`. Keep the two rules in step with the domain:
 * priority-sql.test.ts compares them on the seeded rows.
 */
export function prioritySql(alias: string, tzo: number, cls = `${alias}.priority_class`): string {
  return `(case when ${cls} < ${P.LostOrVoid} and ${overdueSql(alias, tzo)} then ${P.OverdueFollowUp} else ${cls} end)`;
}

/**
 * The rows of each priority value, as conditions on the stored class that the index
 * `(priority_class, id)` and the partial index of open rows by id serve (ODataField.partition): a list
 * ordered by priority reads a page from each value instead of computing the priority of every row.
 */
export function priorityPartition(alias: string, tzo: number): { value: number; when: string }[] {
  const cls = `${alias}.priority_class`;
  const notOverdue = `not coalesce(${overdueSql(alias, tzo)}, false)`;
  const open = [
    P.RepairNoContact,
    P.ReplacementNoContact,
    P.RepairContacted,
    P.ReplacementContacted,
    P.Standard,
  ];
  return [
    ...open.map((value) => ({ value, when: `${cls} = ${value} and ${notOverdue}` })),
    { value: P.OverdueFollowUp, when: `${cls} < ${P.LostOrVoid} and ${overdueSql(alias, tzo)}` },
    { value: P.LostOrVoid, when: `${cls} = ${P.LostOrVoid}` },
    { value: P.Invoiced, when: `${cls} = ${P.Invoiced}` },
  ];
}

/** The colour of a priority (spec 1 §4): red for 1-2, green for 3-4, none otherwise. */
export function priorityColorSql(priority: string): string {
  return `(case when ${priority} <= 2 then 'red' when ${priority} <= 4 then 'green' end)`;
}
