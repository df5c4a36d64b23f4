/**
 * Global search form rules, spec 1 §5: the Search button is disabled until at least one field is
 * filled; the RO number field is enabled only when a facility is chosen; exactly one result opens
 * that record directly, otherwise (even none) the results modal lists them.
 */
export type SearchValues = Record<string, unknown> & { facilityId?: number | null; roNumber?: string | null };

function filled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

export function canSearch(values: SearchValues): boolean {
  return Object.values(values).some(filled);
}

export function isRoNumberEnabled(values: Pick<SearchValues, 'facilityId'>): boolean {
  return filled(values.facilityId);
}

export type SearchOutcome<T> = { kind: 'open'; record: T } | { kind: 'list'; records: T[] };

export function searchOutcome<T>(results: readonly T[]): SearchOutcome<T> {
  return results.length === 1
    ? { kind: 'open', record: results[0] as T }
    : { kind: 'list', records: [...results] };
}
