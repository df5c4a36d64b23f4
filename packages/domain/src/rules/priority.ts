/**
 * Service vehicle priority, spec 1 §4 (lower sorts first). Rule order: lost or void first, then
 * invoiced, then overdue follow-up, then ready-for-parts or ready-to-call, else standard.
 *
 * Choices where the spec is silent:
 * - "Contact" means the vehicle was followed up (`followedUp` true) or its history holds a contact
 *   entry (`isContact` true). Either proves someone reached the customer.
 * - Repair versus replacement comes from repairCount (4 or more is replacement), as everywhere
 *   else; readyToCall and readyForParts are both just "ready" triggers.
 * - "Invoiced" means an invoiceId above 0.
 * - "Before today" compares calendar days in the given zone (`today`, or `now` plus `tzo`).
 */
import { calendarDay, type DateInput, todayIn } from './calendar-day.js';
import { isReplacement } from './repair-type.js';

export const ServicePriority = {
  RepairNoContact: 1,
  ReplacementNoContact: 2,
  RepairContacted: 3,
  ReplacementContacted: 4,
  OverdueFollowUp: 5,
  Standard: 6,
  LostOrVoid: 8,
  Invoiced: 9,
} as const;
export type ServicePriorityValue = (typeof ServicePriority)[keyof typeof ServicePriority];

export type PriorityColor = 'red' | 'green';

export interface PriorityResult {
  priority: ServicePriorityValue;
  color: PriorityColor | null;
}

export interface PriorityInput {
  lost?: boolean | null;
  void?: boolean | null;
  invoiceId?: number | null;
  followUpDate?: DateInput | null;
  readyToCall?: boolean | null;
  readyForParts?: boolean | null;
  repairCount?: number | null;
  followedUp?: boolean | null;
  history?: ReadonlyArray<{ isContact?: boolean | null }> | null;
}

export interface PriorityClock {
  /** Today as 'YYYY-MM-DD'; wins over `now`/`tzo`. */
  today?: string;
  now?: Date;
  /** Minutes, `Date#getTimezoneOffset` sign. Defaults to the runtime zone. */
  tzo?: number;
}

export function isContacted(sv: Pick<PriorityInput, 'followedUp' | 'history'>): boolean {
  return sv.followedUp === true || (sv.history ?? []).some((h) => h.isContact === true);
}

export function isFollowUpOverdue(
  followUpDate: DateInput | null | undefined,
  clock: PriorityClock = {},
): boolean {
  const day = calendarDay(followUpDate, clock.tzo);
  if (!day) return false;
  return day < (clock.today ?? todayIn(clock.tzo, clock.now));
}

export function servicePriority(sv: PriorityInput, clock: PriorityClock = {}): PriorityResult {
  if (sv.lost || sv.void) return { priority: ServicePriority.LostOrVoid, color: null };
  if ((sv.invoiceId ?? 0) > 0) return { priority: ServicePriority.Invoiced, color: null };
  if (isFollowUpOverdue(sv.followUpDate, clock))
    return { priority: ServicePriority.OverdueFollowUp, color: null };
  if (sv.readyToCall || sv.readyForParts) {
    const replacement = isReplacement(sv.repairCount);
    if (isContacted(sv)) {
      return {
        priority: replacement ? ServicePriority.ReplacementContacted : ServicePriority.RepairContacted,
        color: 'green',
      };
    }
    return {
      priority: replacement ? ServicePriority.ReplacementNoContact : ServicePriority.RepairNoContact,
      color: 'red',
    };
  }
  return { priority: ServicePriority.Standard, color: null };
}
