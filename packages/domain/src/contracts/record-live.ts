import { z } from 'zod';
import { id, timestamp } from './common.js';

/**
 * Live record pages (issue #34 item 2): a page showing one record (an invoice, a service vehicle; the calendar's
 * drawer follows the visit's invoice) follows it with `WatchRecord`, and every change committed to the record's
 * history reaches the page as `RecordChanged`: it reads the record again and says who changed what.
 */

export { RECORD_CHANGED_EVENT, UNWATCH_RECORD_EVENT, WATCH_RECORD_EVENT } from '../realtime-events.js';
/** How many records one connection follows at once (a page, a drawer, a second tab's worth). */
export const WATCHED_RECORDS_MAX = 20;

/** The record types a page can follow (records/registry.ts declarations with a `live` rule). */
export const liveRecordType = z.enum(['Invoice', 'ServiceVehicle']);
export type LiveRecordType = z.infer<typeof liveRecordType>;

export const watchRecord = z.object({ recordType: liveRecordType, id });
export type WatchRecord = z.infer<typeof watchRecord>;

export const recordChanged = z.object({
  recordType: liveRecordType,
  id,
  /** The history entry's activity ("Appointment Arrived", "Service vehicle updated"). */
  activity: z.string(),
  /** The line the page shows (recordChangeNotice): "Luis Ortega marked Arrived". */
  notice: z.string(),
  /** The history entry's details ("Customer: Ann → Anne; …"), if any. */
  details: z.string().nullable(),
  /** Who changed it; null for the customer on a public page. */
  by: z.object({ id, name: z.string() }).nullable(),
  at: timestamp,
});
export type RecordChanged = z.infer<typeof recordChanged>;

/**
 * The line a page shows for a change: with a verb phrase "Luis Ortega marked Arrived", otherwise the activity
 * after the name ("Luis Ortega: Note added"); the customer's own actions on a public page "The customer: Signed".
 */
export function recordChangeNotice(byName: string | null, activity: string, phrase?: string | null): string {
  const who = byName?.trim() || 'The customer';
  return phrase ? `${who} ${phrase}` : `${who}: ${activity}`;
}
