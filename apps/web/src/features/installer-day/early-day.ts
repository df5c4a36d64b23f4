import type { InstallerDay } from '@glass/domain/contracts';
import { getToken } from '../../api/auth-token';
import { holdShellParts } from '../../ui/shell-parts';
import { fieldApi } from './field-api';

/** How long a read started with the app may stand in for the page's own first read. */
const EARLY_READ_MS = 15000;

let early: { at: number; day: Promise<InstallerDay> } | null = null;
let releaseShellParts: (() => void) | null = null;
let started = false;

/**
 * The app opened on /my-appointments (the phone shell, phone-app.tsx, or the office's routes.tsx): the shell's
 * secondary parts wait until the day is drawn (ui/shell-parts.ts) and today's read starts now. Once per page
 * load: the office app that takes over from the phone shell (its menu) does not read the day again.
 */
export function startDayFirst(): void {
  if (started) return;
  started = true;
  releaseShellParts = holdShellParts();
  startEarlyDay();
}

/** The day (or its failure) is on the screen: the shell's secondary parts may load now. */
export function dayDrawn(): void {
  releaseShellParts?.();
  releaseShellParts = null;
}

/**
 * Opening the app on /my-appointments starts today's read with the app (routes.tsx), beside the shell's start-up
 * reads, instead of after them and the page's code (issue #34: on a phone's slow network each of those steps cost
 * a round trip before the first stop showed). The page's first read of today takes it (`takeEarlyDay`).
 */
function startEarlyDay(): void {
  if (!getToken()) return;
  const day = fieldApi.myDay();
  // Unhandled only until the page takes it; a failure is then the page's to show.
  day.catch(() => undefined);
  early = { at: Date.now(), day };
}

/** The read started with the app, once, for today's day (no `date`) and while recent; otherwise null. */
export function takeEarlyDay(date: string | undefined): Promise<InstallerDay> | null {
  const taken = early;
  early = null;
  if (date !== undefined || !taken || Date.now() - taken.at > EARLY_READ_MS) return null;
  return taken.day;
}
