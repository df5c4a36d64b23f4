import { lazy, StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { installErrorReporting } from './api/client-errors';
import { LoginScreen } from './features/login/login-screen';
import './styles.css';

installErrorReporting();

const element = document.getElementById('root');
if (!element) throw new Error('Missing #root element');
const root = createRoot(element);

/**
 * The app (antd, the router, the query cache, the shell: app.tsx) loads as its own chunk. /login, the first
 * screen of most visits, is drawn without it (features/login/login-screen.tsx) and loads it once signed in;
 * every other address loads it at once.
 */
async function startApp() {
  const { AppRoot } = await import('./app');
  root.render(
    <StrictMode>
      <AppRoot />
    </StrictMode>,
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
else void startApp();
