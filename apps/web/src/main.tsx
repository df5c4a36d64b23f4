import { ERROR_SCREEN_TEXT, ERROR_SCREEN_TITLE, TRY_AGAIN } from '@glass/domain/messages/shell';
import { lazy, StrictMode, Suspense, startTransition, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { getToken } from './api/auth-token';
import { installErrorReporting } from './api/client-errors';
import { startEarlySelf } from './api/session-load';
import { startDayFirst } from './features/installer-day/early-day';
import { LoginScreen } from './features/login/login-screen';
import {
  installChunkReload,
  isChunkLoadError,
  reloadPending,
  reloadToNewVersion,
} from './shell/chunk-reload';
import './styles.css';

installErrorReporting();
installChunkReload();

/** A script of the previous build that a deploy removed: reload to the new one (shell/chunk-reload.ts). */
const reloadedForUpdate = (error: unknown) =>
  reloadPending() || (isChunkLoadError(error) && reloadToNewVersion());

const element = document.getElementById('root');
if (!element) throw new Error('Missing #root element');
const root = createRoot(element, {
  // Outside every error boundary (the toasts' hosts): React's default, unless it is a chunk of an old build.
  onUncaughtError: (error) => {
    if (!reloadedForUpdate(error)) window.reportError(error);
  },
});

/** The generic error screen without antd (not loaded): the app itself could not be loaded. */
function AppLoadFailed() {
  return (
    <main className="page-center" role="alert">
      <div style={{ textAlign: 'center' }}>
        <h1 style={{ fontSize: 24, margin: '0 0 8px' }}>{ERROR_SCREEN_TITLE}</h1>
        <p style={{ margin: '0 0 24px' }}>{ERROR_SCREEN_TEXT}</p>
        <button type="button" className="login-button" onClick={() => window.location.reload()}>
          {TRY_AGAIN}
        </button>
      </div>
    </main>
  );
}

/**
 * The app (antd, the router, the query cache, the shell: app.tsx) loads as its own chunk. /login, the first
 * screen of most visits, is drawn without it (features/login/login-screen.tsx) and loads it once signed in;
 * every other address loads it at once. `fromPhone`: the phone shell hands over to it (phone-app.tsx); when its
 * code cannot be fetched the phone shell stays and the answer is false.
 */
async function startApp(fromPhone = false): Promise<boolean> {
  let app: typeof import('./app');
  try {
    app = await import('./app');
  } catch (error) {
    if (reloadedForUpdate(error)) return true;
    if (fromPhone) return false;
    root.render(<AppLoadFailed />);
    throw error;
  }
  // Vite's preload failed and the page is reloading (the import then resolves to nothing).
  if (reloadPending()) return true;
  const { AppRoot } = app;
  root.render(
    <StrictMode>
      <AppRoot />
    </StrictMode>,
  );
  return true;
}

const toOffice = () => startApp(true);

/**
 * Signed in on /my-appointments: the installer's day in the phone shell (phone-app.tsx, decision 0034), without
 * the office app's code; another role's session goes on to the office app from there.
 */
async function startPhone() {
  // Today's read and the user's (GET /api/self) leave now, before the phone shell's code has arrived.
  startDayFirst();
  startEarlySelf();
  // The first date formatter with a time zone loads the browser's zone data (about 12 ms, 50 on a phone's CPU): in
  // a task of its own while the reads and the code are on the way, not inside the day's first drawing, which
  // formats each stop's time in the facility's zone (issue #34, Lighthouse's total blocking time).
  setTimeout(() => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric' }).format(0), 0);
  let phone: typeof import('./phone-app');
  try {
    phone = await import('./phone-app');
  } catch (error) {
    if (reloadedForUpdate(error)) return;
    await startApp();
    return;
  }
  if (reloadPending()) return;
  const { PhoneRoot } = phone;
  // As a transition: React draws the phone shell in slices between which the browser may run its own work.
  startTransition(() =>
    root.render(
      <StrictMode>
        <PhoneRoot toOffice={toOffice} />
      </StrictMode>,
    ),
  );
}

// A wrong PIN's toast needs antd's message: loaded on the first failure only (notices.ts queues the toast).
const LoginToasts = lazy(() => import('./login-toasts'));

function LoginEntry() {
  const [failed, setFailed] = useState(false);
  return (
    <>
      <LoginScreen
        onSignedIn={(path) => {
          // The router reads the address when the app loads: it starts on the home screen.
          window.history.replaceState(null, '', path);
          void startApp();
        }}
        onFailed={() => setFailed(true)}
      />
      {failed && (
        <Suspense fallback={null}>
          <LoginToasts />
        </Suspense>
      )}
    </>
  );
}

if (window.location.pathname === '/login')
  root.render(
    <StrictMode>
      <LoginEntry />
    </StrictMode>,
  );
else if (window.location.pathname === '/my-appointments' && getToken()) void startPhone();
else void startApp();
