import { describe, expect, it } from 'vitest';
import { AppointmentStatus as S } from '../enums.js';
import { allowedNextStatuses, canChangeAppointmentStatus, statusNeedsNote } from './appointment-status.js';

describe('appointment status transitions (issue #18: Scheduled → Arrived → Completed, or ReSchedule / Cancelled with a note)', () => {
  it('allows the forward path and ReSchedule / Cancelled from an open visit', () => {
    expect(canChangeAppointmentStatus(S.Scheduled, S.Arrived)).toBe(true);
    expect(canChangeAppointmentStatus(S.Arrived, S.Completed)).toBe(true);
    expect(canChangeAppointmentStatus(S.Scheduled, S.Cancelled)).toBe(true);
    expect(canChangeAppointmentStatus(S.Arrived, S.ReSchedule)).toBe(true);
  });
  it('refuses every other transition', () => {
    expect(canChangeAppointmentStatus(S.Scheduled, S.Completed)).toBe(false);
    expect(canChangeAppointmentStatus(S.Scheduled, S.Scheduled)).toBe(false);
    expect(canChangeAppointmentStatus(S.Completed, S.Arrived)).toBe(false);
    expect(canChangeAppointmentStatus(S.Cancelled, S.Scheduled)).toBe(false);
    expect(allowedNextStatuses(99)).toEqual([]);
  });
  it('ReSchedule and Cancelled need a note', () => {
    expect([S.ReSchedule, S.Cancelled].every(statusNeedsNote)).toBe(true);
    expect([S.Arrived, S.Completed].some(statusNeedsNote)).toBe(false);
  });
});
