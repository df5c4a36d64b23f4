import { Navigate, useLocation } from 'react-router-dom';
import { useStateNavigation } from '../api/state-navigation';
import { HomeTiles } from './home-tiles';
import { readLastPath, returnablePath } from './last-path';
import { PageSpinner } from './page-spinner';

/**
 * The root: on arrival the user goes to the last visited path (spec 1 §2), this device's own or,
 * on a device that has none, the one saved on the server. The home button passes `state.home` so
 * it shows the tiles instead of bouncing back to the last screen.
 */
export function RootHome() {
  const location = useLocation();
  const wantsHome = (location.state as { home?: boolean } | null)?.home === true;
  const local = wantsHome ? null : readLastPath();
  const saved = useStateNavigation(!wantsHome && !local);
  const last = local ?? (wantsHome ? null : returnablePath(saved.data?.lastPath));
  if (last) return <Navigate to={last} replace />;
  if (saved.isLoading) return <PageSpinner label="Loading" />;
  return <HomeTiles />;
}
