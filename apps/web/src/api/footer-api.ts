import { useQuery } from '@tanstack/react-query';
import { conversationKeys } from '../query/query-keys';
import { ApiError, http, type ODataPage } from './http';
import type { Alert, ParkedItem } from '@glass/domain/contracts';

/**
 * The footer slots belong to the messaging work; until its routes exist they answer 404 and the slots
 * render nothing. A 404 is therefore "not there yet", not an error worth a toast.
 */
const absentOn404 = async <T>(load: () => Promise<T>): Promise<T | null> => {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

/** The parked lines; `enabled` false waits (the footer, until the first screen is drawn: ui/shell-parts.ts). */
export function useParkedItems(enabled = true) {
  return useQuery({
    queryKey: conversationKeys.parked,
    enabled,
    queryFn: () =>
      absentOn404(async () => {
        const page = await http.get<ODataPage<ParkedItem>>('ParkedItemsOdata');
        return page.value;
      }),
    retry: false,
  });
}

/** The user's alerts; `enabled` as for useParkedItems. */
export function useAlerts(enabled = true) {
  return useQuery({
    queryKey: conversationKeys.alerts,
    enabled,
    queryFn: () => absentOn404(() => http.get<Alert[]>('self/alerts')),
    retry: false,
  });
}
