import { AppointmentStatus } from '@glass/domain/enums';
import type { CSSProperties } from 'react';

/** Status colours from the theme tokens (ui/theme-token-vars.ts), never hard-coded. */
const BG: Record<number, string> = {
  [AppointmentStatus.Scheduled]: 'var(--gs-color-primary)',
  [AppointmentStatus.Arrived]: 'var(--gs-color-warning)',
  [AppointmentStatus.Completed]: 'var(--gs-color-success)',
  [AppointmentStatus.ReSchedule]: 'var(--gs-color-error)',
  [AppointmentStatus.Cancelled]: 'var(--gs-color-text-disabled)',
};

export function statusStyle(statusId: number): CSSProperties {
  return {
    background: BG[statusId] ?? 'var(--gs-color-info)',
    color: 'var(--gs-color-text-light-solid)',
    borderColor: 'var(--gs-color-bg-container)',
  };
}

/** antd Tag colours for the same statuses. */
export const STATUS_TAG: Record<number, string> = {
  [AppointmentStatus.Scheduled]: 'processing',
  [AppointmentStatus.Arrived]: 'warning',
  [AppointmentStatus.Completed]: 'success',
  [AppointmentStatus.ReSchedule]: 'error',
  [AppointmentStatus.Cancelled]: 'default',
};

/** 'YYYY-MM-DDTHH:mm' wall clock → a Date with the same wall clock in the browser (the calendar's frame). */
export function wallToDate(wall: string): Date {
  const [d, t = '00:00'] = wall.split('T');
  const [y, m, day] = d.split('-').map(Number);
  const [h, mi] = t.split(':').map(Number);
  return new Date(y, m - 1, day, h, mi);
}

const pad = (n: number) => String(n).padStart(2, '0');
export function dateToWall(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export const dateToDay = (d: Date) => dateToWall(d).slice(0, 10);

/** '13:05' → '01:05 PM' */
export function timeLabel(wall: string): string {
  const [h, m] = wall.slice(11, 16).split(':').map(Number);
  return `${pad(((h + 11) % 12) + 1)}:${pad(m)} ${h < 12 ? 'AM' : 'PM'}`;
}
