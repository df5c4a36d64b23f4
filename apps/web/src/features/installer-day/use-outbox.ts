import { useEffect, useSyncExternalStore } from 'react';
import { type OutboxEntry, outbox, startOutbox } from './outbox';

/** The outbox's entries, kept current; starts sending when the screen opens. */
export function useOutbox(): OutboxEntry[] {
  useEffect(() => {
    startOutbox();
    void outbox.load().catch(() => undefined);
  }, []);
  return useSyncExternalStore(outbox.subscribe, outbox.entries, outbox.entries);
}
