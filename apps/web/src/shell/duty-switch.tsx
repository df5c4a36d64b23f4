import {
  CONFIRM_OFF_DUTY_TITLE,
  DUTY_STATUS_UPDATE_FAILED,
  DUTY_STATUS_UPDATED,
  GEOLOCATION_UNSUPPORTED,
  OFF_DUTY,
  ON_DUTY,
} from '@glass/domain/messages/session';
import { lazy, Suspense, useState } from 'react';
import { toastError, toastSuccess } from '../api/notices';
import { dutyApi } from '../api/session-api';
import { updateSession, useSessionState } from '../api/use-session';

// The dialog's question is ours: the spec names only its title and buttons.
const CONFIRM_OFF_DUTY_BODY = 'Are you sure you want to go off duty?';

// The dialog (antd Modal) loads on first use; most visits never go off duty.
const ConfirmOffDuty = lazy(() => import('./confirm-off-duty').then((m) => ({ default: m.ConfirmOffDuty })));

type Position = { latitude: number; longitude: number };

/**
 * The device location for going on duty. A refused or slow location still lets the user go on duty
 * (the server takes the coordinates as optional); the browser's own timeout ignores the permission prompt.
 */
function currentPosition(): Promise<Position | undefined> {
  if (!('geolocation' in navigator)) {
    toastError(GEOLOCATION_UNSUPPORTED);
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const giveUp = setTimeout(() => resolve(undefined), 15_000);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        clearTimeout(giveUp);
        resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude });
      },
      () => {
        clearTimeout(giveUp);
        resolve(undefined);
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  });
}

/** On Duty / Off Duty (spec 1 §4 "Duty"): on applies at once, off asks first. */
export function DutySwitch() {
  const { isOnDuty } = useSessionState();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Mounted from the first request on, so the dialog can animate closed afterwards.
  const [asked, setAsked] = useState(false);

  const apply = async (onDuty: boolean) => {
    setBusy(true);
    try {
      const position = onDuty ? await currentPosition() : undefined;
      const result = await dutyApi.toggle({ onDuty, ...position });
      updateSession((state) => ({ ...state, isOnDuty: result?.onDuty ?? onDuty }));
      toastSuccess(DUTY_STATUS_UPDATED);
    } catch {
      toastError(DUTY_STATUS_UPDATE_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const onChange = (checked: boolean) => {
    if (checked) {
      void apply(true);
      return;
    }
    setAsked(true);
    setConfirming(true);
  };

  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }}>
      {/* A native switch button: antd's Switch would add about 4 KB to the first screen of every visit. */}
      <button
        type="button"
        role="switch"
        className="duty-switch"
        aria-checked={isOnDuty}
        aria-busy={busy}
        aria-label={ON_DUTY}
        disabled={busy}
        onClick={() => onChange(!isOnDuty)}
      >
        <span className="duty-switch-knob" />
      </button>
      <span aria-hidden="true">{isOnDuty ? ON_DUTY : OFF_DUTY}</span>
      {asked && (
        <Suspense fallback={null}>
          <ConfirmOffDuty
            open={confirming}
            title={CONFIRM_OFF_DUTY_TITLE}
            body={CONFIRM_OFF_DUTY_BODY}
            onOk={() => {
              setConfirming(false);
              void apply(false);
            }}
            onCancel={() => setConfirming(false)}
          />
        </Suspense>
      )}
    </span>
  );
}
