import { pendingTitlePrefix } from '@glass/domain/messages/shell';
import { useEffect, useSyncExternalStore } from 'react';

// Spec 1 §1: the page title gets a "(N)" prefix while N alerts are pending. The alert count is set by
// whoever knows it (the footer today, the messaging work later); screens set only their own title.
export const APP_TITLE = 'Glass Shop';
let pendingAlerts = 0;
let baseTitle = APP_TITLE;
const listeners = new Set<() => void>();

function apply(): void {
  document.title = pendingAlerts > 0 ? `${pendingTitlePrefix(pendingAlerts)} ${baseTitle}` : baseTitle;
}

export function setPendingAlertCount(count: number): void {
  const next = Math.max(0, Math.floor(count) || 0);
  if (next === pendingAlerts) return;
  pendingAlerts = next;
  apply();
  for (const listener of listeners) listener();
}

export function usePendingAlertCount(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pendingAlerts,
  );
}

/** Sets the screen's title for as long as the screen is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    baseTitle = title || APP_TITLE;
    apply();
    return () => {
      baseTitle = APP_TITLE;
      apply();
    };
  }, [title]);
}
