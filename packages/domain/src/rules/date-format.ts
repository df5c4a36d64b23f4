/**
 * Date display of spec 1 §9: app-wide 'MM/DD/YYYY hh:mm A', conversation headers
 * 'ddd MMM DD, YYYY h:mmA', and the invoice age column (days, hours, minutes).
 *
 * Strings without a zone are wall-clock times already in the business's zone and are shown as
 * written. Instants (Date, epoch ms, ISO with Z or offset) are shown in the given zone: an IANA name
 * such as a facility's 'America/Chicago' (daylight saving time applied at that instant, see
 * time-zone.ts), or a fixed `tzo` (minutes, `Date#getTimezoneOffset` sign); otherwise in the
 * runtime's zone. Every date the app prints or sends for a facility passes its IANA zone.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { CONVERSATION_HEADER_FORMAT, DATE_DISPLAY_FORMAT } from '../constants.js';
import type { DateInput } from './calendar-day.js';
import { canonicalTimeZone, timeZoneOffset } from './time-zone.js';

dayjs.extend(utc);

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

/** An IANA zone name (e.g. 'America/Chicago') or a fixed offset in minutes (positive west of UTC). */
export type Zone = string | number;

/**
 * `value` in `format` (dayjs tokens: 'MM/DD/YYYY hh:mm A' …) on the wall clock of `zone`; '' for a
 * missing or invalid value. An unknown zone name prints in the runtime's zone rather than failing.
 */
export function formatDate(value: DateInput | null | undefined, format: string, zone?: Zone | null): string {
  if (value === null || value === undefined || value === '') return '';
  const wallClock = typeof value === 'string' && WALL_CLOCK.test(value.trim());
  let d = dayjs(value);
  if (!d.isValid()) return '';
  if (wallClock || zone === undefined || zone === null || zone === '') return d.format(format);
  if (typeof zone === 'number') return d.utcOffset(-zone).format(format);
  const timeZone = canonicalTimeZone(zone);
  if (timeZone) d = d.utcOffset(-timeZoneOffset(d.valueOf(), timeZone));
  return d.format(format);
}

/** 'MM/DD/YYYY hh:mm A', e.g. '03/07/2024 02:05 PM'; empty for missing or invalid values. */
export function formatDateTime(value: DateInput | null | undefined, zone?: Zone | null): string {
  return formatDate(value, DATE_DISPLAY_FORMAT, zone);
}

/** 'ddd MMM DD, YYYY h:mmA', e.g. 'Thu Mar 07, 2024 2:05PM'. */
export function formatConversationDate(value: DateInput | null | undefined, zone?: Zone | null): string {
  return formatDate(value, CONVERSATION_HEADER_FORMAT, zone);
}

export interface Age {
  days: number;
  hours: number;
  minutes: number;
}

/** Whole days, hours and minutes elapsed; a start in the future counts as no age at all. */
export function ageBetween(from: DateInput, to: DateInput = new Date()): Age {
  const ms = Math.max(0, dayjs(to).valueOf() - dayjs(from).valueOf());
  const totalMinutes = Number.isFinite(ms) ? Math.floor(ms / 60_000) : 0;
  return {
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
  };
}

/**
 * Compact age for the invoice list, e.g. '2d 3h 5m'. Leading zero units are dropped so recent
 * invoices read '3h 5m' or '5m'; minutes always show so a brand new invoice reads '0m'.
 */
export function formatAge(age: Age): string {
  const parts: string[] = [];
  if (age.days > 0) parts.push(`${age.days}d`);
  if (age.days > 0 || age.hours > 0) parts.push(`${age.hours}h`);
  parts.push(`${age.minutes}m`);
  return parts.join(' ');
}
