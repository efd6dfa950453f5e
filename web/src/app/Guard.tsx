import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { routes } from '../lib/paths.js';
import { authTokenAtom } from '../lib/session.js';

/** Guarded pages go to login, replacing history, when no auth token is stored. */
export function RequireAuth() {
  const token = useAtomValue(authTokenAtom);
  const location = useLocation();
  if (!token) return <Navigate to={routes.login} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
