import { startEarlySession } from './api/session-load';
import { startDayFirst } from './features/installer-day/early-day';

/**
 * Today's read and the session's reads for the phone shell (decision 0034), fetched by the entry beside the
 * phone shell's code (main.tsx): a small chunk, so the reads leave after one round trip rather than after the
 * whole shell, and /login and the office's screens do not carry them in the entry.
 */
export function startPhoneReads(): void {
  startDayFirst();
  startEarlySession();
}
