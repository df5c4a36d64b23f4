/**
 * The calendar day ('YYYY-MM-DD') of a date value, for "before today" style rules.
 *
 * `tzo` is a time-zone offset in minutes with the `Date#getTimezoneOffset` sign (positive west of
 * UTC, e.g. 300 for US Central daylight time), the same TZO the client sends at login. Without it the
 * runtime's own zone is used. A string without a zone (e.g. '2024-05-01' or '2024-05-01T09:00:00')
 * is a wall-clock value already in the business's zone, so its own date part is the day.
 */
const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

export type DateInput = string | number | Date;

const pad = (n: number) => String(n).padStart(2, '0');

export function calendarDay(value: DateInput | null | undefined, tzo?: number): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string') {
    const wall = WALL_CLOCK.exec(value.trim());
    if (wall) return wall[1];
  }
  const date = value instanceof Date ? value : new Date(value);
  const ms = date.getTime();
  if (Number.isNaN(ms)) return undefined;
  if (tzo === undefined) return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return new Date(ms - tzo * 60_000).toISOString().slice(0, 10);
}

/** Today's calendar day in the given zone; `now` is a parameter so rules stay pure and testable. */
export function todayIn(tzo?: number, now: Date = new Date()): string {
  return calendarDay(now, tzo) as string;
}
