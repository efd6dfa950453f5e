import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadingScreen } from '../../../components/LoadingScreen.js';
import { routes } from '../../../lib/paths.js';
import { loadRouteQuery } from '../api.js';

/**
 * The redirect as an in-app path when it is one (relative, or an absolute URL of this site), else
 * null (another site: a full page load).
 */
export function inAppPath(redirect: string, origin: string): string | null {
  try {
    const url = new URL(redirect, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * A card tap (landing page with ?id=&type=): asks the server where the card leads (load-route) with a
 * loader on screen, then goes there, replacing history; a failure goes to the not-found page.
 */
export function CardTapRedirect({ id, type }: { id: string; type: string }) {
  const navigate = useNavigate();
  const resolved = useQuery({
    ...loadRouteQuery(id, type),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const result = resolved.data;

  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      // A network failure has already taken the visitor to the no-internet page.
      if (result.kind !== 'network') void navigate(routes.notFound, { replace: true });
      return;
    }
    const target = result.answer.data.redirect_url;
    const path = inAppPath(target, window.location.origin);
    if (path) void navigate(path, { replace: true });
    else window.location.replace(target);
  }, [result, navigate]);

  return <LoadingScreen />;
}
