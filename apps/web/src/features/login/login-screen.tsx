import { LOGIN_BUTTON, LOGIN_FAILED } from '@glass/domain/messages/session';
import { LOGIN_AUTO_SUBMIT_LENGTH, LOGIN_USERNAME_FOCUS_LENGTH } from '@glass/domain/constants';
import { type FormEvent, useRef, useState } from 'react';
import { endSession } from '../../api/auth';
import { setToken } from '../../api/auth-token';
import { ApiError } from '../../api/http';
import { toastError } from '../../api/notices';
import { login } from '../../api/session-api';
import { APP_TITLE, useDocumentTitle } from '../../shell/document-title';
import { homePath } from '../../shell/hosts';

const digitsOnly = (value: string) => value.replace(/\D/g, '');

/**
 * Not spec texts (the spec has only the wrong-PIN toast): what a locked login (429) is told, with how
 * long from Retry-After (else the server's own detail), and the time it opens again.
 */
export function lockedText(error: ApiError, now = new Date()): { title: string; detail: string } {
  const byAddress = /address/i.test(error.bodyText ?? '');
  const title = byAddress ? 'Too many failed logins from this network' : 'This account is locked';
  const seconds = error.retryAfterSeconds;
  if (!seconds) {
    return { title, detail: error.bodyText ?? 'Too many failed logins. Try again later.' };
  }
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const at = new Date(now.getTime() + seconds * 1000).toLocaleTimeString([], {
    hour: 'numeric',
    minute: '2-digit',
  });
  const wait = `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return {
    title,
    detail: byAddress
      ? `Logins from here are paused after too many failures. Try again in ${wait} (at ${at}).`
      : `Too many failed logins for this user name. Try again in ${wait} (at ${at}).`,
  };
}

/** The product's mark: a windshield in the theme's primary colour (no brand is known before login). */
function ProductMark() {
  const color = 'var(--gs-color-primary)';
  const shine = 'var(--gs-color-bg-container)';
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <path
        d="M6 12c0-2 1.5-3.5 3.5-3.6 7-.5 14-.5 21 0 2 .1 3.5 1.6 3.5 3.6l-2.5 16c-.3 1.9-2 3.2-3.9 3.1-5.1-.4-10.1-.4-15.2 0-1.9.1-3.6-1.2-3.9-3.1z"
        style={{ fill: color }}
      />
      <path
        d="M12 14l5 0-6 11M20 14l3 0-6 11"
        style={{ stroke: shine }}
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
        opacity="0.8"
      />
    </svg>
  );
}

export interface LoginScreenProps {
  /** Where to go once signed in (the token is stored): the router's navigate, or main.tsx loading the app. */
  onSignedIn: (path: string) => void;
  /** After a failed attempt: main.tsx mounts the toasts' host then (the toast itself is queued by notices). */
  onFailed?: () => void;
}

/**
 * /login (spec 1 §2, §4 "Login flow"): two numeric masked fields and a Login button. It is the first screen
 * of most visits, so it is drawn without antd, the router or the query cache: plain elements in antd's large
 * size, coloured by the theme's tokens (the `--gs-*` variables index.html carries, styles.css). main.tsx shows
 * it on /login before loading the app; the router's /login route (login-page.tsx) shows it inside the app.
 */
export function LoginScreen({ onSignedIn, onFailed }: LoginScreenProps) {
  useDocumentTitle('Login');
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [locked, setLocked] = useState<{ title: string; detail: string } | null>(null);
  const submittingRef = useRef(false);
  const userRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (user: string, pin: string) => {
    // The auto-submit and the button can both fire for the same entry; send it once.
    if (submittingRef.current) return;
    submittingRef.current = true;
    setSubmitting(true);
    setUserName('');
    setPassword('');
    try {
      const response = await login(user, pin);
      endSession(); // a previous user's cached state must not leak into this session
      setToken(response.token);
      onSignedIn(homePath());
    } catch (error) {
      // A locked account is told so and for how long; a wrong PIN keeps the spec's text (spec 1 §8).
      if (error instanceof ApiError && error.status === 429) setLocked(lockedText(error));
      else {
        setLocked(null);
        toastError(LOGIN_FAILED);
      }
      onFailed?.();
      submittingRef.current = false;
      setSubmitting(false);
      setTimeout(() => userRef.current?.focus(), 0);
    }
  };

  const onUserName = (raw: string) => {
    const value = digitsOnly(raw);
    setUserName(value);
    if (value.length >= LOGIN_USERNAME_FOCUS_LENGTH && userName.length < LOGIN_USERNAME_FOCUS_LENGTH) {
      passwordRef.current?.focus();
    }
  };

  const onPassword = (raw: string) => {
    const value = digitsOnly(raw).slice(0, LOGIN_AUTO_SUBMIT_LENGTH);
    setPassword(value);
    if (value.length === LOGIN_AUTO_SUBMIT_LENGTH) void submit(userName, value);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(userName, password);
  };

  return (
    <main className="page-center login-page">
      {/* A plain panel, not antd Card: the first screen carries no antd code at all. */}
      <div className="login-panel">
        <div className="login-brand">
          <ProductMark />
          <span className="login-product">{APP_TITLE}</span>
        </div>
        <h1 className="login-title">Login</h1>
        {locked && (
          <div className="login-locked" role="alert">
            <strong>{locked.title}</strong>
            <div>{locked.detail}</div>
          </div>
        )}
        <div className="login-form-area">
          {/* Over the form, not above it: the card keeps its size while signing in (no layout jump). */}
          {submitting && (
            <div className="login-busy" role="status">
              <span className="css-spinner" aria-hidden="true" />
              <span>Signing in</span>
            </div>
          )}
          <form onSubmit={onSubmit} noValidate aria-busy={submitting}>
            <label htmlFor="login-user-name" className="login-label">
              User Name
            </label>
            <input
              id="login-user-name"
              className="login-input"
              ref={userRef}
              type="password"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              autoFocus
              value={userName}
              disabled={submitting}
              onChange={(event) => onUserName(event.target.value)}
            />
            <label htmlFor="login-password" className="login-label login-label-next">
              Password
            </label>
            <input
              id="login-password"
              className="login-input"
              ref={passwordRef}
              type="password"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="current-password"
              maxLength={LOGIN_AUTO_SUBMIT_LENGTH}
              value={password}
              disabled={submitting}
              onChange={(event) => onPassword(event.target.value)}
            />
            <button type="submit" className="login-button" disabled={submitting} aria-busy={submitting}>
              {submitting && <span className="login-button-spinner" aria-hidden="true" />}
              <span>{LOGIN_BUTTON}</span>
            </button>
          </form>
        </div>
      </div>
    </main>
  );
}
