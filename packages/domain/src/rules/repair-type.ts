/**
 * Repair versus replacement, spec 1 §3 "Repair count" and §4, spec 2 §4: 1–3 is that many repairs,
 * 4 or more is a replacement, 0 is Pending or Cleared when the windshield was checked.
 */
import { REPLACEMENT_REPAIR_COUNT } from '../constants.js';

export type RepairType = 'Pending' | 'Cleared' | 'Repair' | 'Replacement';

export function isReplacement(repairCount: number | null | undefined): boolean {
  return (repairCount ?? 0) >= REPLACEMENT_REPAIR_COUNT;
}

/** A missing or negative count is treated as 0: nothing has been assessed yet. */
export function repairType(
  repairCount: number | null | undefined,
  windshieldChecked?: boolean | null,
): RepairType {
  const count = repairCount ?? 0;
  if (count <= 0) return windshieldChecked ? 'Cleared' : 'Pending';
  return isReplacement(count) ? 'Replacement' : 'Repair';
}

/** Creating a service vehicle with N repairs (not replacement) adds N default repair lines. */
export function defaultRepairLineCount(repairCount: number | null | undefined): number {
  const count = repairCount ?? 0;
  return count > 0 && !isReplacement(count) ? Math.floor(count) : 0;
}
