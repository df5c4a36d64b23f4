import { PHONE_SEARCH_FAILED } from '@glass/domain/messages/search';
import { QUICK_PHONE_LOOKUP_MIN_CHARS, QUICK_PHONE_MAX_LENGTH } from '@glass/domain/constants';
import { isQuickPhoneInputAllowed } from '@glass/domain/rules/phone-input';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { inlineError, toastError } from '../api/notices';
import { searchApi } from '../api/search-api';
import { useShell } from './shell-context';

const PhoneField = lazy(() => import('./top-bar-fields').then((m) => ({ default: m.PhoneField })));

export const PHONE_INPUT_TEXT = {
  label: 'Phone lookup',
  invalid: 'Only digits, a minus sign and a decimal point are allowed',
} as const;

// Typing pauses this long before the lookup, so a full number is not cut at its 4th digit.
const LOOKUP_DELAY_MS = 800;

/** Quick phone input of the top bar: looks the number up from 4 characters, then clears. */
export function QuickPhoneInput({ width = 150 }: { width?: number | string }) {
  const shell = useShell();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const lookup = async (text: string) => {
    clearTimeout(timer.current);
    const digits = text.replace(/\D/g, '');
    if (digits.length < QUICK_PHONE_LOOKUP_MIN_CHARS || busy) return;
    setValue('');
    setBusy(true);
    try {
      shell.openPhoneLookup(digits, await searchApi.phoneLookup(digits));
    } catch {
      toastError(PHONE_SEARCH_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const onChange = (next: string) => {
    if (!isQuickPhoneInputAllowed(next)) {
      inlineError(PHONE_INPUT_TEXT.invalid);
      return;
    }
    setValue(next);
    clearTimeout(timer.current);
    if (next.replace(/\D/g, '').length >= QUICK_PHONE_LOOKUP_MIN_CHARS) {
      timer.current = setTimeout(() => void lookup(next), LOOKUP_DELAY_MS);
    }
  };

  return (
    // antd's Input, loaded beside the first screen (top-bar-fields.tsx); a same-size box until then.
    <Suspense
      fallback={
        <span className="top-bar-field-standin is-placeholder" style={{ width }}>
          Phone
        </span>
      }
    >
      <PhoneField
        label={PHONE_INPUT_TEXT.label}
        value={value}
        busy={busy}
        width={width}
        maxLength={QUICK_PHONE_MAX_LENGTH}
        onChange={onChange}
        onEnter={() => void lookup(value)}
      />
    </Suspense>
  );
}
