/**
 * Date display of spec 1 §9: app-wide 'MM/DD/YYYY hh:mm A', conversation headers
 * 'ddd MMM DD, YYYY h:mmA', and the invoice age column (days, hours, minutes).
 *
 * Strings without a zone are wall-clock times already in the business's zone and are shown as
 * written. Instants (Date, epoch ms, ISO with Z or offset) are shown in the zone of `tzo`
 * (minutes, `Date#getTimezoneOffset` sign) when given, otherwise in the runtime's zone.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { CONVERSATION_HEADER_FORMAT, DATE_DISPLAY_FORMAT } from '../constants.js';
import type { DateInput } from './calendar-day.js';

dayjs.extend(utc);

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

export function formatDate(value: DateInput | null | undefined, format: string, tzo?: number): string {
  if (value === null || value === undefined || value === '') return '';
  const wallClock = typeof value === 'string' && WALL_CLOCK.test(value.trim());
  let d = dayjs(value);
  if (!d.isValid()) return '';
  if (tzo !== undefined && !wallClock) d = d.utcOffset(-tzo);
  return d.format(format);
}

/** 'MM/DD/YYYY hh:mm A', e.g. '03/07/2024 02:05 PM'; empty for missing or invalid values. */
export function formatDateTime(value: DateInput | null | undefined, tzo?: number): string {
  return formatDate(value, DATE_DISPLAY_FORMAT, tzo);
}

/** 'ddd MMM DD, YYYY h:mmA', e.g. 'Thu Mar 07, 2024 2:05PM'. */
export function formatConversationDate(value: DateInput | null | undefined, tzo?: number): string {
  return formatDate(value, CONVERSATION_HEADER_FORMAT, tzo);
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
