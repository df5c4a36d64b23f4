import { CalendarOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import dayjs from 'dayjs';
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { DATE_FORMAT } from './date-format';
import type { DateField as LoadedDateField } from './date-fields';

// Offline before its code was ever loaded, the field stays read-only (the day shown is today's or the kept one).
const DateField = lazy(() =>
  import('./date-fields').then(
    (m) => ({ default: m.DateField }),
    () => ({ default: ReadOnlyDate }),
  ),
);

type DateFieldProps = ComponentProps<typeof LoadedDateField>;

const loadPicker = () => import('./date-fields').catch(() => undefined);

/**
 * The field's date on a button with the calendar's icon (`date-field-standin`), for the picker until it is
 * wanted: antd's Button is drawn from the day's built styles, where an Input would compute its 37 KB of styles on
 * the phone. `onOpen`: the user clicked, touched or pressed Enter on it; focus alone starts fetching its code.
 */
function ReadOnlyDate(props: DateFieldProps & { onOpen?: () => void }) {
  const shown = props.value ? dayjs(props.value).format(DATE_FORMAT) : '';
  const { onOpen } = props;
  const label = props['aria-label'];
  return (
    <Button
      className="date-field-standin"
      icon={<CalendarOutlined aria-hidden />}
      iconPlacement="end"
      id={props.id}
      aria-label={label ? `${label}: ${shown}` : undefined}
      aria-disabled={!onOpen || undefined}
      style={props.style}
      onFocus={onOpen && (() => void loadPicker())}
      onPointerDown={onOpen && (() => void loadPicker())}
      onClick={onOpen}
    >
      {shown}
    </Button>
  );
}

/**
 * The date field for a screen whose first load counts on a phone (the installer's day, issue #34): antd's
 * DatePicker (its code, about 60 KB, and the drawing and styles of its first render, about 0.5 s of a phone's CPU
 * after the stops: Lighthouse's total blocking time) loads when the user reaches for the field, not with the
 * screen. Until then the date shows on a button; clicking, touching or Enter on it opens the picker's calendar
 * with the focus in it once the code is there (focus or touch start fetching it). Offline before its code was
 * ever loaded the button stays and does nothing (offline the phone keeps only today's day). Same props as
 * DateField.
 */
export function LazyDateField(props: DateFieldProps) {
  const [open, setOpen] = useState(false);
  const standin = <ReadOnlyDate {...props} onOpen={open ? undefined : () => setOpen(true)} />;
  if (!open) return standin;
  return (
    <Suspense fallback={standin}>
      <DateField {...props} autoFocus defaultOpen />
    </Suspense>
  );
}
