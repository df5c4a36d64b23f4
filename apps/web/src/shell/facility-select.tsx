import { failedToChangeFacility } from '@glass/domain/messages/session';
import { useState } from 'react';
import { toastError } from '../api/notices';
import { queryClient } from '../api/query-client';
import { facilityApi } from '../api/session-api';
import { SESSION_KEY, updateSession, useSessionState } from '../api/use-session';

/**
 * Facility selector (spec 1 §1): the choice is saved on the server and the screens reload for it.
 * A native select: keyboard and screen-reader friendly, and it keeps antd's Select (with its virtual
 * list) out of the shell that every signed-in screen loads first.
 */
export function FacilitySelect({ block = false }: { block?: boolean }) {
  const { user, facilities } = useSessionState();
  const [busy, setBusy] = useState(false);

  const onChange = async (facilityId: number) => {
    setBusy(true);
    try {
      const result = await facilityApi.select(facilityId);
      const chosen = result?.facility ?? facilities.find((f) => f.id === facilityId) ?? null;
      updateSession((state) =>
        state.user ? { ...state, user: { ...state.user, facility: chosen } } : state,
      );
      // Lists are per facility; refetch what the current screen shows.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    } catch {
      toastError(failedToChangeFacility(facilityId));
    } finally {
      setBusy(false);
    }
  };

  return (
    <select
      aria-label="Facility"
      className="native-select"
      style={{ width: block ? '100%' : 200 }}
      value={user?.facility?.id ?? ''}
      disabled={busy}
      aria-busy={busy}
      onChange={(event) => void onChange(Number(event.target.value))}
    >
      {!user?.facility && (
        <option value="" disabled>
          Facility
        </option>
      )}
      {facilities.map((facility) => (
        <option key={facility.id} value={facility.id}>
          {facility.name}
        </option>
      ))}
    </select>
  );
}
