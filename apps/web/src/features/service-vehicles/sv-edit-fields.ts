import { type SvEditField, svEditFields } from '@glass/domain/contracts/service-vehicles';
import { limitsOf } from '../../ui/zod-rule';

/**
 * The edit form's inputs take their limits and rules from the request's fields (`svEditFields`, the
 * server's own check of PUT /api/ServiceVehicle/{id}); no limit is written here.
 */
export const EDIT_FIELDS = svEditFields.shape;

/**
 * How many characters an input of the field may hold: a text's declared length, or for a number typed as
 * text (year, mileage, amounts) the length of the widest value its declared range allows (2100 → 4,
 * 999999999.99 → 12).
 */
export function inputLength(name: SvEditField): number | undefined {
  const { maxLength, min, max } = limitsOf(EDIT_FIELDS[name]);
  if (maxLength !== undefined) return maxLength;
  if (max === undefined) return undefined;
  return Math.max(String(max).length, min === undefined ? 0 : String(min).length);
}

/** The whole numbers a select field's declared range allows, smallest first (the repair counts 0–4). */
export function valuesOf(name: SvEditField): number[] {
  const { min, max } = limitsOf(EDIT_FIELDS[name]);
  if (min === undefined || max === undefined) return [];
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}
