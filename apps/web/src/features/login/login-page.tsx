import { useNavigate } from 'react-router-dom';
import { LoginScreen } from './login-screen';

export { lockedText } from './login-screen';

/**
 * The router's /login (a 401 or a logout inside the running app lands here): the same screen main.tsx shows
 * before the app is loaded, navigating within the app once signed in.
 */
export function LoginPage() {
  const navigate = useNavigate();
  return <LoginScreen onSignedIn={(path) => navigate(path, { replace: true })} />;
}
