import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { endSession } from '../api/auth';
import { getToken } from '../api/auth-token';
import { logout } from '../api/session-api';
import { PageSpinner } from './page-spinner';

/** /logout: end the server session if there is one, clear token and cached state, then go to /login. */
export function LogoutRoute() {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    const finish = () => {
      endSession();
      if (!cancelled) navigate('/login', { replace: true });
    };
    // Signing out locally must not depend on the server answering.
    if (getToken()) logout().then(finish, finish);
    else finish();
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return <PageSpinner label="Signing out" />;
}
