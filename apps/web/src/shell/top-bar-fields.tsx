import { Input } from 'antd';
import type { FacilityRef } from '@glass/domain/contracts';
import { SearchSelect } from '../ui/search-select';

/*
 * The top bar's two form controls as antd components. They load in their own chunk right after the
 * shell renders (the shell shows a same-size stand-in meanwhile), so antd's Select and Input stay out of
 * the first screen's script budget.
 */

/** Facility choice: type to search; the drop-down is as wide as the longest full facility name. */
export function FacilityPicker({
  facilities,
  value,
  busy,
  block,
  onChange,
}: {
  facilities: readonly FacilityRef[];
  value: number | null;
  busy: boolean;
  block: boolean;
  onChange: (facilityId: number) => void;
}) {
  return (
    <SearchSelect<number>
      aria-label="Facility"
      data-testid="facility-select"
      placeholder="Facility"
      // As wide as the chosen name (up to 340 px, then an ellipsis and the whole name on hover).
      style={block ? { width: '100%' } : { width: 'auto', minWidth: 200, maxWidth: 340 }}
      value={value ?? undefined}
      disabled={busy}
      loading={busy}
      options={facilities.map((facility) => ({ value: facility.id, label: facility.name }))}
      onChange={onChange}
    />
  );
}

/** The quick phone input: antd's Input with the shell's value and key handling. */
export function PhoneField({
  label,
  value,
  busy,
  width,
  maxLength,
  onChange,
  onEnter,
}: {
  label: string;
  value: string;
  busy: boolean;
  width: number | string;
  maxLength: number;
  onChange: (value: string) => void;
  onEnter: () => void;
}) {
  return (
    <Input
      aria-label={label}
      placeholder="Phone"
      inputMode="tel"
      maxLength={maxLength}
      value={value}
      disabled={busy}
      aria-busy={busy}
      style={{ width }}
      onChange={(event) => onChange(event.target.value)}
      onPressEnter={onEnter}
    />
  );
}
