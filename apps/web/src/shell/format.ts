import type { PersonName } from '@glass/domain/contracts';

export { formatDateTime } from '@glass/domain/rules/date-format';

/** Names arrive as a plain string or as {firstName, lastName} depending on the endpoint. */
export function personName(value: string | PersonName | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') return value;
  return [value.firstName, value.lastName].filter(Boolean).join(' ');
}

export function facilityText(
  value: string | { name?: string | null; shortName?: string | null } | null | undefined,
): string {
  if (!value) return '';
  if (typeof value === 'string') return value;
  return value.shortName || value.name || '';
}

type VehicleParts = { year?: number | string | null; make?: string | null; model?: string | null };

export function vehicleText(value: VehicleParts | null | undefined): string {
  if (!value) return '';
  return [value.year, value.make, value.model]
    .filter((part) => part !== null && part !== undefined && part !== '')
    .join(' ');
}
