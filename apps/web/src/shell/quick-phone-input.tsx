import { PHONE_SEARCH_FAILED } from '@glass/domain/messages/search';
import { QUICK_PHONE_LOOKUP_MIN_CHARS, QUICK_PHONE_MAX_LENGTH } from '@glass/domain/constants';
import { isQuickPhoneInputAllowed } from '@glass/domain/rules/phone-input';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { inlineError, toastError } from '../api/notices';
import { searchApi } from '../api/search-api';
import { useShell } from './shell-context';
import { useShellPartsReady } from '../ui/shell-parts';

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
  // antd's Input (and the top bar's Select beside it) load once the first screen is drawn (ui/shell-parts.ts).
  const ready = useShellPartsReady();

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

  const standin = (
    <span className="top-bar-field-standin is-placeholder" style={{ width }}>
      Phone
    </span>
  );
  if (!ready) return standin;
  return (
    // antd's Input, loaded after the first screen (top-bar-fields.tsx); a same-size box until then.
    <Suspense fallback={standin}>
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
