import { failedToChangeFacility } from '@glass/domain/messages/session';
import { lazy, Suspense, useState } from 'react';
import { toastError } from '../api/notices';
import { queryClient } from '../api/query-client';
import { facilityApi } from '../api/session-api';
import { SESSION_KEY, updateSession, useSessionState } from '../api/use-session';

const FacilityPicker = lazy(() => import('./top-bar-fields').then((m) => ({ default: m.FacilityPicker })));

/**
 * Facility selector (spec 1 §1): the facility the user works at, among the facilities they are allowed
 * (decision 0016; the server refuses any other with 403). Saved on the server; the screens reload for it.
 * antd's Select with search (top-bar-fields.tsx), loaded beside the first screen: until it arrives a
 * same-size box shows the current facility, so the top bar does not move.
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

  const width = block ? '100%' : 'auto';
  const current = user?.facility ?? null;
  // Decision 0016: the switch offers only the facilities the user is allowed (null: every facility).
  const allowed = user?.allowedFacilityIds;
  const offered = allowed ? facilities.filter((f) => allowed.includes(f.id)) : facilities;
  return (
    <Suspense
      fallback={
        <span className="top-bar-field-standin" style={{ width }} title={current?.name}>
          {current?.name ?? 'Facility'}
        </span>
      }
    >
      <FacilityPicker
        facilities={offered}
        value={current?.id ?? null}
        busy={busy}
        block={block}
        onChange={(facilityId) => void onChange(facilityId)}
      />
    </Suspense>
  );
}
