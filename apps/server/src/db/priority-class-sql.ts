import { ServicePriority } from '@glass/domain';

const P = ServicePriority;

/**
 * `servicePriority` (packages/domain/src/rules/priority.ts) in SQL without its one time-dependent rule,
 * the overdue follow-up: lost or void, invoiced, ready (repair or replacement, contacted or not), standard.
 * `service_vehicles.priority_class` stores it (a generated column over this text with no alias), so the
 * lists can walk an index by priority; `prioritySql` (modules/service-vehicles/priority-sql.ts) adds the overdue rule on top.
 * It lives in db/ because the schema builds its generated column from it (db/ imports no module).
 * - "Contact" is `followed_up` or a contact history entry; `last_contact_at` is that entry's time,
 *   kept on the row so the rule needs no per-row subquery (services set it with every isContact entry).
 * - The open classes (neither lost, void nor invoiced) are exactly those below `LostOrVoid`.
 */
export function priorityClassSql(alias?: string): string {
  const a = alias ? `${alias}.` : '';
  const replacement = `${a}repair_count >= 4`;
  const contacted = `(${a}followed_up or ${a}last_contact_at is not null)`;
  return `(case
    when ${a}lost or ${a}void then ${P.LostOrVoid}
    when coalesce(${a}invoice_id, 0) > 0 then ${P.Invoiced}
    when ${a}ready_to_call or ${a}ready_for_parts then
      case when ${contacted}
        then case when ${replacement} then ${P.ReplacementContacted} else ${P.RepairContacted} end
        else case when ${replacement} then ${P.ReplacementNoContact} else ${P.RepairNoContact} end end
    else ${P.Standard} end)`;
}
