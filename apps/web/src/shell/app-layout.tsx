import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { queryClient } from '../api/query-client';
import type { PhoneLookupResult } from '@glass/domain/contracts';
import { useSession } from '../api/use-session';
import { ErrorBoundary } from './error-boundary';
import { FooterBar } from './footer-bar';
import { saveLastPath } from './last-path';
import { LateralMenu } from './lateral-menu';
import { PageSpinner } from './page-spinner';
import { usePhoneRequestMessages } from './phone-request-messages';
import { routeAllowed } from './route-allowed';
import { type ShellActions, ShellContext } from './shell-context';
import { TopBar } from './top-bar';
import { useNarrow } from '../ui/use-narrow';
import './shell.css';

// The dialogs load on first use so the home screen does not pay for them.
const GlobalSearchDrawer = lazy(() =>
  import('../features/search/global-search-drawer').then((m) => ({ default: m.GlobalSearchDrawer })),
);
const PhoneDialog = lazy(() =>
  import('../features/phone/phone-dialog').then((m) => ({ default: m.PhoneDialog })),
);
const MessagesDrawer = lazy(() =>
  import('../features/messaging/messages-drawer').then((m) => ({ default: m.MessagesDrawer })),
);
const SubscriptionsDialog = lazy(() =>
  import('../features/messaging/subscriptions-dialog').then((m) => ({ default: m.SubscriptionsDialog })),
);
const NoAccess = lazy(() => import('./access-pages').then((m) => ({ default: m.NoAccess })));
const NotificationsDrawer = lazy(() =>
  import('../features/messaging/notifications-drawer').then((m) => ({ default: m.NotificationsDrawer })),
);

type Dialog = 'search' | 'messages' | 'subscriptions' | 'notifications' | 'phone' | null;

/** The signed-in frame: top bar, lateral menu, the screen, footer, and the global dialogs. */
function LayoutFrame() {
  const session = useSession();
  const location = useLocation();
  const narrow = useNarrow();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [opened, setOpened] = useState<Set<Dialog>>(new Set());
  const [phone, setPhone] = useState<{ phone: string; result: PhoneLookupResult } | null>(null);

  useEffect(() => {
    saveLastPath(location.pathname, location.search);
  }, [location.pathname, location.search]);

  const actions = useMemo<ShellActions>(() => {
    const open = (next: Dialog) => {
      setOpened((prev) => new Set(prev).add(next));
      setDialog(next);
    };
    return {
      openSearch: () => open('search'),
      openMessages: () => open('messages'),
      openSubscriptions: () => open('subscriptions'),
      openNotifications: () => open('notifications'),
      openPhoneLookup: (value, result) => {
        setPhone({ phone: value, result });
        open('phone');
      },
    };
  }, []);
  usePhoneRequestMessages(actions);

  // Spec 1 §2: while start-up data loads, a spinner; the shell needs self, facilities and tiles.
  if (session.isPending) return <PageSpinner label="Loading data" />;

  const close = () => setDialog(null);
  return (
    <ShellContext.Provider value={actions}>
      <div className="app-shell">
        <TopBar />
        <div className="app-body">
          {!narrow && <LateralMenu />}
          <main className="app-main" id="main-content">
            <ErrorBoundary resetKey={location.pathname}>
              <Suspense fallback={<PageSpinner />}>
                {/* A screen the role may not open shows no access instead of failing on its first request. */}
                {routeAllowed(location.pathname, session.data?.user) ? <Outlet /> : <NoAccess />}
              </Suspense>
            </ErrorBoundary>
          </main>
        </div>
        <FooterBar />
      </div>
      <Suspense fallback={null}>
        {opened.has('search') && <GlobalSearchDrawer open={dialog === 'search'} onClose={close} />}
        {opened.has('messages') && <MessagesDrawer open={dialog === 'messages'} onClose={close} />}
        {opened.has('subscriptions') && (
          <SubscriptionsDialog open={dialog === 'subscriptions'} onClose={close} />
        )}
        {opened.has('notifications') && (
          <NotificationsDrawer
            open={dialog === 'notifications'}
            onClose={close}
            onOpenMessages={actions.openMessages}
          />
        )}
        {phone && <PhoneDialog open={dialog === 'phone'} {...phone} onClose={close} />}
      </Suspense>
    </ShellContext.Provider>
  );
}

/** The signed-in app: server data (react-query) is only needed from here on, not on the login page. */
export function AppLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <LayoutFrame />
    </QueryClientProvider>
  );
}
