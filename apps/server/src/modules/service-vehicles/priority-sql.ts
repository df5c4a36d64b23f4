import { ServicePriority } from '@glass/domain';

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

/**
 * `servicePriority` (packages/domain/src/rules/priority.ts) in SQL, so lists can sort and filter by it.
 * Keep the two in step: priority-sql.test.ts compares them on the seeded rows.
 * - "Contact" is `followed_up` or a contact history entry; `last_contact_at` is that entry's time,
 *   kept on the row so the rule needs no per-row subquery (services set it with every isContact entry).
 * - "Overdue" is a follow-up date on a calendar day before today in the zone, i.e. before today's midnight.
 */
export function prioritySql(alias: string, tzo: number): string {
  const a = alias;
  const P = ServicePriority;
  const replacement = `${a}.repair_count >= 4`;
  const contacted = `(${a}.followed_up or ${a}.last_contact_at is not null)`;
  return `(case
    when ${a}.lost or ${a}.void then ${P.LostOrVoid}
    when coalesce(${a}.invoice_id, 0) > 0 then ${P.Invoiced}
    when ${a}.follow_up_date < ${startOfTodaySql(tzo)} then ${P.OverdueFollowUp}
    when ${a}.ready_to_call or ${a}.ready_for_parts then
      case when ${contacted}
        then case when ${replacement} then ${P.ReplacementContacted} else ${P.RepairContacted} end
        else case when ${replacement} then ${P.ReplacementNoContact} else ${P.RepairNoContact} end end
    else ${P.Standard} end)`;
}

/** The colour of a priority (spec 1 §4): red for 1-2, green for 3-4, none otherwise. */
export function priorityColorSql(priority: string): string {
  return `(case when ${priority} <= 2 then 'red' when ${priority} <= 4 then 'green' end)`;
}
