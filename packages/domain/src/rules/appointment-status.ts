/**
 * Appointment status transitions (issue #18 item 3, spec 2 §4 "Appointment status: Scheduled, Arrived
 * (started), Completed, ReSchedule, Cancelled"): Scheduled → Arrived → Completed, or ReSchedule /
 * Cancelled with a note; every other transition is refused (409).
 *
 * Decisions: ReSchedule and Cancelled may be reported from Scheduled or Arrived (a job found impossible on
 * site); Completed, ReSchedule and Cancelled are final for a visit (a reschedule books a new visit through
 * the schedule save). Reporting the current status again is not a transition and is refused too.
 */
import { AppointmentStatus } from '../enums.js';

const NEXT: Readonly<Record<number, readonly number[]>> = {
  [AppointmentStatus.Scheduled]: [
    AppointmentStatus.Arrived,
    AppointmentStatus.ReSchedule,
    AppointmentStatus.Cancelled,
  ],
  [AppointmentStatus.Arrived]: [
    AppointmentStatus.Completed,
    AppointmentStatus.ReSchedule,
    AppointmentStatus.Cancelled,
  ],
  [AppointmentStatus.Completed]: [],
  [AppointmentStatus.ReSchedule]: [],
  [AppointmentStatus.Cancelled]: [],
};

export function allowedNextStatuses(from: number): readonly number[] {
  return NEXT[from] ?? [];
}

export function canChangeAppointmentStatus(from: number, to: number): boolean {
  return allowedNextStatuses(from).includes(to);
}

/** ReSchedule and Cancelled need a note saying why. */
export function statusNeedsNote(to: number): boolean {
  return to === AppointmentStatus.ReSchedule || to === AppointmentStatus.Cancelled;
}
