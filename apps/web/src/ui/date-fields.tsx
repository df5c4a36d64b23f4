import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

import { DATE_FORMAT, DATE_TIME_FORMAT } from './date-format';
import './date-fields.css';

export { DATE_FORMAT, DATE_TIME_FORMAT };

const day = (value: string | null | undefined): Dayjs | null => {
  if (!value) return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
};

interface Common {
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: React.CSSProperties;
  autoFocus?: boolean;
  /** The calendar open on the first render (the installer's day field, loaded when touched: lazy-date-field.tsx). */
  defaultOpen?: boolean;
}

/** A calendar day held as 'YYYY-MM-DD' ('' when empty), picked with antd's DatePicker. */
export function DateField({
  value,
  onChange,
  ...rest
}: Common & { value?: string | null; onChange?: (value: string) => void }) {
  return (
    <DatePicker
      format={DATE_FORMAT}
      value={day(value)}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : '')}
      {...rest}
    />
  );
}

/**
 * A moment picked as a local date and time: held as an ISO instant (null when empty), or, with
 * `valueFormat` ('YYYY-MM-DDTHH:mm'), as that local wall-clock text ('' when empty) for forms that
 * keep it so. Works inside an antd Form.Item (value/onChange).
 */
export function DateTimeField({
  value,
  onChange,
  valueFormat,
  ...rest
}: Common & {
  value?: string | null;
  onChange?: (value: string | null) => void;
  valueFormat?: string;
}) {
  return (
    <DatePicker
      showTime={{ format: 'hh:mm A', use12Hours: true }}
      format={DATE_TIME_FORMAT}
      value={day(value)}
      onChange={(d) => {
        if (valueFormat) onChange?.(d ? d.format(valueFormat) : '');
        else onChange?.(d ? d.toISOString() : null);
      }}
      {...rest}
    />
  );
}

/** A range of calendar days as two 'YYYY-MM-DD' texts ('' for an open end). */
export function DateRangeField({
  from,
  to,
  onChange,
  id,
  disabled,
  style,
  'aria-label': label,
}: Omit<Common, 'placeholder'> & {
  from?: string | null;
  to?: string | null;
  onChange: (from: string, to: string) => void;
}) {
  return (
    <DatePicker.RangePicker
      id={id ? { start: id } : undefined}
      aria-label={label}
      format={DATE_FORMAT}
      allowEmpty={[true, true]}
      placeholder={['From', 'To']}
      disabled={disabled}
      style={style}
      value={[day(from), day(to)]}
      onChange={(range) =>
        onChange(range?.[0]?.format('YYYY-MM-DD') ?? '', range?.[1]?.format('YYYY-MM-DD') ?? '')
      }
    />
  );
}

/**
 * A range of moments (date and time, both ends required), in the spec's date-time format: the Activity
 * Logs window. A half-cleared range is not passed on.
 */
export function DateTimeRangeField({
  value,
  onChange,
  id,
  disabled,
  style,
  'aria-label': label,
}: Omit<Common, 'placeholder' | 'allowClear'> & {
  value: [Dayjs, Dayjs];
  onChange: (range: [Dayjs, Dayjs]) => void;
}) {
  return (
    <DatePicker.RangePicker
      id={id ? { start: id } : undefined}
      aria-label={label}
      showTime={{ format: 'hh:mm A', use12Hours: true }}
      format={DATE_TIME_FORMAT}
      disabled={disabled}
      style={style}
      value={value}
      onChange={(range) => {
        if (range?.[0] && range[1]) onChange([range[0], range[1]]);
      }}
    />
  );
}
