import { Input } from 'antd';
import dayjs from 'dayjs';
import { type ComponentProps, lazy, Suspense } from 'react';
import { DATE_FORMAT } from './date-format';
import type { DateField as LoadedDateField } from './date-fields';
import { useShellPartsReady } from './shell-parts';

// Offline before its code was ever loaded, the field stays read-only (the day shown is today's or the kept one).
const DateField = lazy(() =>
  import('./date-fields').then(
    (m) => ({ default: m.DateField }),
    () => ({ default: ReadOnlyDate }),
  ),
);

type DateFieldProps = ComponentProps<typeof LoadedDateField>;

/** The field's date, read-only, in an input of the same size (`date-field-standin`: the visual tests wait it out). */
function ReadOnlyDate(props: DateFieldProps) {
  const shown = props.value ? dayjs(props.value).format(DATE_FORMAT) : '';
  return (
    <Input
      className="date-field-standin"
      readOnly
      value={shown}
      aria-label={props['aria-label']}
      id={props.id}
      style={{ width: 'auto', ...props.style }}
    />
  );
}

/**
 * The date field for a screen whose first load counts on a phone (the installer's day, issue #34): antd's
 * DatePicker (with its select, form and panel code, about 60 KB) loads after the screen, and until then the field
 * shows its date read-only in an input of the same size. It starts loading once the screen's first content is
 * drawn (ui/shell-parts.ts), not beside it. Same props as DateField.
 */
export function LazyDateField(props: DateFieldProps) {
  const ready = useShellPartsReady();
  const standin = <ReadOnlyDate {...props} />;
  if (!ready) return standin;
  return (
    <Suspense fallback={standin}>
      <DateField {...props} />
    </Suspense>
  );
}
