import { Navigate, useLocation } from 'react-router-dom';
import { HomeTiles } from './home-tiles';
import { readLastPath } from './last-path';

/**
 * The root: on arrival the user goes to the last visited path (spec 1 §2). The home button passes
 * `state.home` so it shows the tiles instead of bouncing back to the last screen.
 */
export function RootHome() {
  const location = useLocation();
  const wantsHome = (location.state as { home?: boolean } | null)?.home === true;
  const last = wantsHome ? null : readLastPath();
  if (last) return <Navigate to={last} replace />;
  return <HomeTiles />;
}
