import { LOGIN_BUTTON, LOGIN_FAILED } from '@glass/domain/messages/session';
import { LOGIN_AUTO_SUBMIT_LENGTH, LOGIN_USERNAME_FOCUS_LENGTH } from '@glass/domain/constants';
import { Button, type InputRef } from 'antd';
// The bare Input (no Password/TextArea/Search/OTP statics attached) keeps the login chunk small.
import Input from 'antd/es/input/Input';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { endSession } from '../../api/auth';
import { setToken } from '../../api/auth-token';
import { toastError } from '../../api/notices';
import { login } from '../../api/session-api';
import { useDocumentTitle } from '../../shell/document-title';
import { homePath } from '../../shell/hosts';

const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** /login (spec 1 §2, §4 "Login flow"): two numeric masked fields and a Login button. */
export function LoginPage() {
  useDocumentTitle('Login');
  const navigate = useNavigate();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const userRef = useRef<InputRef>(null);
  const passwordRef = useRef<InputRef>(null);

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
      navigate(homePath(), { replace: true });
    } catch {
      toastError(LOGIN_FAILED);
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
    <main className="page-center">
      {/* A plain panel, not antd Card: Card pulls Tabs and Skeleton into the first screen's script. */}
      <div className="login-panel">
        <h1 style={{ fontSize: 24, marginTop: 0, textAlign: 'center' }}>Login</h1>
        {submitting && (
          <div className="login-busy" role="status">
            <span className="css-spinner" aria-hidden="true" />
            <span>Signing in</span>
          </div>
        )}
        <form onSubmit={onSubmit} noValidate aria-busy={submitting}>
          <label htmlFor="login-user-name" style={{ display: 'block', marginBottom: 4 }}>
            User Name
          </label>
          <Input
            id="login-user-name"
            ref={userRef}
            type="password"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            autoFocus
            size="large"
            value={userName}
            disabled={submitting}
            onChange={(event) => onUserName(event.target.value)}
          />
          <label htmlFor="login-password" style={{ display: 'block', margin: '16px 0 4px' }}>
            Password
          </label>
          <Input
            id="login-password"
            ref={passwordRef}
            type="password"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="current-password"
            maxLength={LOGIN_AUTO_SUBMIT_LENGTH}
            size="large"
            value={password}
            disabled={submitting}
            onChange={(event) => onPassword(event.target.value)}
          />
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={submitting}
            style={{ marginTop: 24 }}
          >
            {LOGIN_BUTTON}
          </Button>
        </form>
      </div>
    </main>
  );
}
