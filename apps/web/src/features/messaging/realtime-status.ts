import { useSyncExternalStore } from 'react';

/** Spec 1 §4 "Real-time connection status": these four, anything else is shown as 'unknown'. */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'error';
const KNOWN: ReadonlySet<string> = new Set(['disconnected', 'connecting', 'connected', 'error']);

let status: string = 'disconnected';
const listeners = new Set<() => void>();

export function setConnectionStatus(next: string): void {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

export function statusLabel(value: string): string {
  return KNOWN.has(value) ? value : 'unknown';
}

export function useConnectionStatus(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => statusLabel(status),
  );
}
