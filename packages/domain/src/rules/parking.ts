/**
 * Parking rules, spec 1 §4 "Parking" and "Alerts", spec 2 §9:
 * - A slot is occupied when recordNumber is above 0, otherwise empty.
 * - The badge colour depends on age: under 10 minutes green, under 30 yellow, otherwise red.
 * - Even-numbered lines show the tooltip on the right, odd on the left.
 * - A parked alert counts as pending for a user only if the user is subscribed "always" to the
 *   message group or the item is parked for that user.
 */
import { PARKED_GREEN_UNDER_MINUTES, PARKED_YELLOW_UNDER_MINUTES } from '../constants.js';
import type { RecordTypeName } from '../enums.js';
import type { DateInput } from './calendar-day.js';

export type ParkedBadgeColor = 'green' | 'yellow' | 'red';

/** A parked item as the footer shows it (spec 1 §3 "Parked item (display)"). */
export interface ParkedSlot {
  id: number;
  parkedLineNumber: number;
  recordType: RecordTypeName | null;
  recordNumber: number;
  parkedFor: string;
  parkedBy: string;
  time: string | null;
  parkedForMessageGroupId: number | null;
  parkedForUserId: number | null;
}

export function isSlotOccupied(slot: Pick<ParkedSlot, 'recordNumber'> | null | undefined): boolean {
  return (slot?.recordNumber ?? 0) > 0;
}

/** Unparseable times count as old (red): better to draw attention than to hide a stale item. */
export function parkedBadgeColor(
  parkedAt: DateInput | null | undefined,
  now: Date = new Date(),
): ParkedBadgeColor {
  const at = parkedAt === null || parkedAt === undefined ? Number.NaN : new Date(parkedAt).getTime();
  if (Number.isNaN(at)) return 'red';
  const minutes = (now.getTime() - at) / 60_000;
  if (minutes < PARKED_GREEN_UNDER_MINUTES) return 'green';
  if (minutes < PARKED_YELLOW_UNDER_MINUTES) return 'yellow';
  return 'red';
}

export function parkedTooltipPlacement(lineNumber: number): 'right' | 'left' {
  return lineNumber % 2 === 0 ? 'right' : 'left';
}

export interface SubscriptionLike {
  messageGroupId: number;
  always: boolean;
}

export interface PendingViewer {
  userId: number;
  subscriptions: readonly SubscriptionLike[];
}

export function isParkedPendingFor(
  item: Pick<ParkedSlot, 'parkedForUserId' | 'parkedForMessageGroupId'>,
  viewer: PendingViewer,
): boolean {
  if (item.parkedForUserId !== null && item.parkedForUserId === viewer.userId) return true;
  const group = item.parkedForMessageGroupId;
  if (group === null) return false;
  return viewer.subscriptions.some((s) => s.messageGroupId === group && s.always);
}

/**
 * The footer's lines 1..lineCount (option 36), each the item parked there or an empty slot with
 * recordNumber 0. When two items claim one line the first listed wins; the server keeps one per line.
 */
export function parkSlots(lineCount: number, items: readonly ParkedSlot[]): ParkedSlot[] {
  const byLine = new Map<number, ParkedSlot>();
  for (const item of items) if (!byLine.has(item.parkedLineNumber)) byLine.set(item.parkedLineNumber, item);
  return Array.from({ length: Math.max(0, Math.floor(lineCount)) }, (_, i) => {
    const line = i + 1;
    return byLine.get(line) ?? emptySlot(line);
  });
}

export function emptySlot(line: number): ParkedSlot {
  return {
    id: 0,
    parkedLineNumber: line,
    recordType: null,
    recordNumber: 0,
    parkedFor: '',
    parkedBy: '',
    time: null,
    parkedForMessageGroupId: null,
    parkedForUserId: null,
  };
}
