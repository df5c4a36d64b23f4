/**
 * Service vehicle list filters, spec 1 §5: only vehicles with repairs greater than 0 are listed;
 * the date range applies to the follow-up date or, when there is none, to the created date; fewer
 * than 4 is a repair, 4 or more a replacement; both default to true.
 */
import { type DateInput, calendarDay } from './calendar-day.js';
import { isReplacement } from './repair-type.js';

export interface ServiceVehicleFilterRow {
  repairCount?: number | null;
  followUpDate?: DateInput | null;
  createdAt?: DateInput | null;
}

export interface ServiceVehicleFilter {
  repairs?: boolean;
  replacements?: boolean;
  /** Inclusive calendar days 'YYYY-MM-DD'; either may be open. */
  from?: string;
  to?: string;
  tzo?: number;
}

export const DEFAULT_SERVICE_VEHICLE_FILTER = { repairs: true, replacements: true } as const;

/** The date the range is applied to. */
export function serviceVehicleFilterDate(row: ServiceVehicleFilterRow): DateInput | null {
  return row.followUpDate || row.createdAt || null;
}

export function matchesServiceVehicleFilter(
  row: ServiceVehicleFilterRow,
  filter: ServiceVehicleFilter = {},
): boolean {
  const count = row.repairCount ?? 0;
  if (count <= 0) return false;
  const repairs = filter.repairs ?? true;
  const replacements = filter.replacements ?? true;
  if (isReplacement(count) ? !replacements : !repairs) return false;
  if (filter.from || filter.to) {
    const day = calendarDay(serviceVehicleFilterDate(row), filter.tzo);
    if (!day) return false;
    if (filter.from && day < filter.from) return false;
    if (filter.to && day > filter.to) return false;
  }
  return true;
}
