// The day's part of antd's built styles (vite.config.ts), then our corrections of them: the office's whole
// stylesheet comes with the office app, when the menu opens it (decision 0034).
import 'virtual:antd-day-styles.css';
import './phone-antd-overrides.css';
import { UserRole } from '@glass/domain/enums';
import { canOpenRoute } from '@glass/domain/route-access';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { queryClient } from './api/query-client';
import { toastsNeedStyles } from './api/notices';
import { spreadStartupReads } from './api/session-load';
import { sessionRead, useSelf } from './api/use-session';
import { startDayFirst } from './features/installer-day/early-day';
import { setStatusDialogStyles } from './features/installer-day/lazy-parts';
import { MyAppointmentsPage } from './features/installer-day/my-appointments-page';
import { DeferredMessageHost } from './shell/deferred-message-host';
import { saveLastPath } from './shell/last-path';
import { requestOfficeMenu } from './shell/office-hand-over';
import { PageSpinner } from './shell/page-spinner';
import { applyPhoneLaterStyles, fetchPhoneLaterStyles } from './phone-later-styles';
import { PhoneTopBar } from './shell/phone-top-bar';
import { theme } from './theme';
import { useShellPartsReady } from './ui/shell-parts';
import { ThemeVars } from './ui/theme-vars';

/**
 * The installer's day in the phone shell (decision 0034): opening the app on /my-appointments signed in, main.tsx
 * loads this instead of the office app (app.tsx). It draws the day under a compact top bar, without the router,
 * the office's top bar, footer, messaging and their dialogs, so a phone's slow network carries about a third of
 * the bytes before the first stop shows. The menu button hands the page over to the office app with its menu
 * open; a user of another role, and any failure, goes to the office app at once.
 */

/** The roles whose day opens in the phone shell: the installers' (decision 0034). */
const PHONE_SHELL_ROLES: ReadonlySet<number> = new Set([UserRole.RepairTechnician]);

// Today's read and the self read (started by main.tsx) go on; the query cache takes them. The session's other
// start-up reads wait until the day is drawn (DeferredRealtime below; decision 0038), each from a task of its own
// (decision 0041).
startDayFirst();
spreadStartupReads();

// The rest of the phone shell's antd styles (the status dialog's, the toasts'): fetched with the dialog's code once
// the day is drawn, applied when the dialog first opens or a toast first shows (decision 0041).
setStatusDialogStyles({ fetch: fetchPhoneLaterStyles, apply: applyPhoneLaterStyles });
toastsNeedStyles(applyPhoneLaterStyles);

// The real-time client (the day follows the office's changes) once the day is drawn (ui/shell-parts.ts).
const RealtimeClient = lazy<ComponentType>(() =>
  import('./features/messaging/realtime-client').then(
    (m) => ({ default: m.RealtimeClient }),
    // Offline before its code arrived: the day is read again on the next start or Refresh.
    () => ({ default: () => null }),
  ),
);

function DeferredRealtime() {
  const ready = useShellPartsReady();
  // The session's start-up reads come now too (the office's menu, and the session kept for a start offline, need
  // them).
  useEffect(() => {
    if (ready) void sessionRead();
  }, [ready]);
  return ready ? (
    <Suspense fallback={null}>
      <RealtimeClient />
    </Suspense>
  ) : null;
}

/** Any rendering error goes to the office app, whose error screen says what happened and offers a retry. */
class ToOfficeOnError extends Component<{ toOffice: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(): void {
    this.props.toOffice();
  }

  override render() {
    return this.state.failed ? <PageSpinner /> : this.props.children;
  }
}

/** What the menu says when the office's code cannot be fetched (offline before it was ever loaded). */
const MENU_OFFLINE = 'The menu opens once the network is back.';

function PhoneFrame({ toOffice }: { toOffice: () => Promise<boolean> }) {
  // The user alone (GET /api/self) decides and draws the shell; the session's other reads come after the day.
  const { user, settled } = useSelf();
  // The role as the office's route check reads it (shell/route-allowed.ts), without the router's path matching.
  const role = user ? (user.userRoleId ?? user.userRole) : undefined;
  const phone =
    !!user && role !== undefined && PHONE_SHELL_ROLES.has(role) && canOpenRoute(role, '/my-appointments');
  const [opening, setOpening] = useState(false);
  const [menuFailed, setMenuFailed] = useState(false);

  // Another role, or no user (the read failed): the office app, as on every other page.
  useEffect(() => {
    if (settled && !phone) void toOffice();
  }, [settled, phone, toOffice]);
  useEffect(() => {
    if (phone) saveLastPath(window.location.pathname, window.location.search);
  }, [phone]);

  if (!phone) return <PageSpinner label="Loading data" />;

  const openMenu = async () => {
    setOpening(true);
    setMenuFailed(false);
    requestOfficeMenu();
    if (!(await toOffice())) {
      setOpening(false);
      setMenuFailed(true);
    }
  };

  return (
    <div className="phone-shell">
      <PhoneTopBar
        facility={user.facility?.name}
        user={[user.firstName, user.lastName].filter(Boolean).join(' ') || user.userName}
        opening={opening}
        onMenu={() => void openMenu()}
      />
      <main className="phone-main" id="main-content">
        {menuFailed && (
          <p role="alert" className="gs-text-warning">
            {MENU_OFFLINE}
          </p>
        )}
        <ToOfficeOnError toOffice={() => void toOffice()}>
          <MyAppointmentsPage />
        </ToOfficeOnError>
      </main>
      <DeferredRealtime />
    </div>
  );
}

/**
 * The phone shell's root. `toOffice` loads the office app and draws it in its place (main.tsx); it answers false
 * when the office's code could not be fetched, and the day stays.
 */
export function PhoneRoot({ toOffice }: { toOffice: () => Promise<boolean> }) {
  return (
    <ConfigProvider theme={theme}>
      <ThemeVars />
      <DeferredMessageHost />
      <QueryClientProvider client={queryClient}>
        <PhoneFrame toOffice={toOffice} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
