import { Input } from 'antd';
import dayjs from 'dayjs';
import { type ComponentProps, lazy, Suspense } from 'react';
import { DATE_FORMAT } from './date-format';

const DateField = lazy(() => import('./date-fields').then((m) => ({ default: m.DateField })));

/**
 * The date field for a screen whose first load counts on a phone (the installer's day, issue #34): antd's
 * DatePicker (with its select, form and panel code, about 60 KB) loads after the screen, and until then the field
 * shows its date read-only in an input of the same size. Same props as DateField.
 */
export function LazyDateField(props: ComponentProps<typeof DateField>) {
  const shown = props.value ? dayjs(props.value).format(DATE_FORMAT) : '';
  return (
    <Suspense
      fallback={
        <Input
          readOnly
          value={shown}
          aria-label={props['aria-label']}
          id={props.id}
          style={{ width: 'auto', ...props.style }}
        />
      }
    >
      <DateField {...props} />
    </Suspense>
  );
}
