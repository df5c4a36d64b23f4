/**
 * Appointment list and calendar rules, spec 2 §2 and §4: lists group Completed, ReSchedule, and
 * Scheduled plus Arrived and any other status; the calendar starts at 08:00 when the earliest time
 * is before 08:00.
 */
import { CALENDAR_DEFAULT_START } from '../constants.js';
import { AppointmentStatus } from '../enums.js';

export type AppointmentGroup = 'completed' | 'reschedule' | 'scheduled';

export function appointmentGroup(statusId: number | null | undefined): AppointmentGroup {
  if (statusId === AppointmentStatus.Completed) return 'completed';
  if (statusId === AppointmentStatus.ReSchedule) return 'reschedule';
  return 'scheduled';
}

/**
 * The calendar's first visible time ('HH:mm'). Taken literally from the spec: an earliest time
 * before 08:00 is raised to 08:00, so early outliers do not stretch the day view; otherwise the
 * earliest appointment time is used, and 08:00 when the day is empty.
 */
export function calendarStartTime(earliest: string | null | undefined): string {
  if (!earliest || !/^\d{2}:\d{2}/.test(earliest)) return CALENDAR_DEFAULT_START;
  const hhmm = earliest.slice(0, 5);
  if (hhmm < CALENDAR_DEFAULT_START) return CALENDAR_DEFAULT_START;
  return hhmm;
}
