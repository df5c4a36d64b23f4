import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuthToken } from '../api/auth-token';

/** Every screen except login and the public customer pages needs a stored token (spec 2 §6). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAuthToken();
  if (!token) return <Navigate to="/login" replace />;
  return <>{children}</>;
}
