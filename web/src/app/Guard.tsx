import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useOwnerAppManifest } from '../lib/useOwnerAppManifest.js';
import { routes } from '../lib/paths.js';
import { authTokenAtom } from '../lib/session.js';

/**
 * Guarded pages go to login, replacing history, when no auth token is stored. A signed-out visit (a
 * deep link) returns there after login; a session that ends on the page (logout, a password change,
 * HTTP 401, another tab) does not, so the next login, maybe someone else's, goes to connect. The
 * signed-in pages are the owner's installable app: they link its manifest.
 */
export function RequireAuth() {
  const token = useAtomValue(authTokenAtom);
  const location = useLocation();
  const [arrivedSignedOut] = useState(() => token === null);
  useOwnerAppManifest();
  if (!token) {
    const state = arrivedSignedOut ? { from: location.pathname + location.search } : null;
    return <Navigate to={routes.login} replace state={state} />;
  }
  return <Outlet />;
}
