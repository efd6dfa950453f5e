import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { calls } from '@tapcard/shared/contract';
import { api } from './api.js';
import { routes } from './paths.js';
import { clearSession, currentAuthorization } from './session.js';
import { clearAllStored } from './storage.js';
import { notify } from './toast.js';

/** The logout toast, its required text typo included. */
export const LOGGED_OUT = 'Logged Out Succesfully!';

/**
 * Logout: ends the session on the server, clears local and session storage, forgets every
 * cached answer, toasts 'Logged Out Succesfully!' and goes to login (or `to`), replacing history.
 *
 * The server call goes out first with the session's own token and is not waited for: whatever the
 * network does (slow, offline, an error), the local sign-out happens at once and the user is never
 * held here or sent to the no-internet page.
 */
export function useLogout(to: string = routes.login): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    const authorization = currentAuthorization();
    if (authorization) void api(calls.logout, { authorization, background: true, keepalive: true }).catch(() => undefined);
    clearAllStored();
    try {
      sessionStorage.clear();
    } catch {
      /* storage disabled */
    }
    clearSession();
    queryClient.clear();
    notify.success(LOGGED_OUT);
    void navigate(to, { replace: true });
  }, [navigate, queryClient, to]);
}
