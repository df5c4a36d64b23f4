import { formatDateTime } from '@glass/domain/rules/date-format';
import { queryClient } from '../api/query-client';
import type { FacilityRef } from '@glass/domain/contracts';
import type { SessionState } from '../api/types';
import { SESSION_KEY } from '../api/use-session';

type FacilityKey = number | Partial<FacilityRef> | string | null | undefined;

/**
 * The IANA time zone of a facility (issue #16), from the session's facility list (FacilitiesOData at
 * start-up); undefined when unknown, so the date prints in the browser's zone as before.
 */
export function facilityTimeZone(facility: FacilityKey, facilities?: FacilityRef[]): string | undefined {
  if (facility === null || facility === undefined || typeof facility === 'string') return undefined;
  if (typeof facility === 'object' && facility.timeZone) return facility.timeZone;
  const list = facilities ?? queryClient.getQueryData<SessionState>(SESSION_KEY)?.facilities ?? [];
  const ref = typeof facility === 'number' ? { id: facility } : facility;
  // Lists name the facility without its id ({shortName, name}): matched on both.
  const found =
    ref.id !== undefined
      ? list.find((f) => f.id === ref.id)
      : ref.shortName || ref.name
        ? list.find((f) => f.shortName === ref.shortName && (!ref.name || f.name === ref.name))
        : undefined;
  return found?.timeZone ?? undefined;
}

/** 'MM/DD/YYYY hh:mm A' on the facility's wall clock, as its PDFs and texts print it. */
export function formatFacilityDateTime(value: string | null | undefined, facility: FacilityKey): string {
  return formatDateTime(value, facilityTimeZone(facility));
}
