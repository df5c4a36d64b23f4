/**
 * Names of real-time events that screens listen to without their payload schemas, so a screen on a phone's
 * first load (the installer's day) does not load zod and the contracts for a string (issue #34). The
 * contracts re-export each name beside its payload's schema.
 */

/** The live event of the realtime hub when an appointment is booked, moved, cancelled or changes status. */
export const APPOINTMENT_CHANGED_EVENT = 'AppointmentChanged';

/** Live record pages (contracts/record-live.ts): the client follows one record ({recordType, id}), ack {ok, error?}. */
export const WATCH_RECORD_EVENT = 'WatchRecord';
/** The client stops following one record ({recordType, id}). */
export const UNWATCH_RECORD_EVENT = 'UnwatchRecord';
/** A change to a followed record, committed. */
export const RECORD_CHANGED_EVENT = 'RecordChanged';
