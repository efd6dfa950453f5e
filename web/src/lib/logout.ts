import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { routes } from './paths.js';
import { clearSession } from './session.js';
import { clearAllStored } from './storage.js';
import { notify } from './toast.js';

/** Part 1 §8: the logout toast, typo included. */
export const LOGGED_OUT = 'Logged Out Succesfully!';

/**
 * Logout (part 1 §4): clears local and session storage, forgets every cached answer, toasts
 * 'Logged Out Succesfully!' and goes to login, replacing history.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearAllStored();
    try {
      sessionStorage.clear();
    } catch {
      /* storage disabled */
    }
    clearSession();
    queryClient.clear();
    notify.success(LOGGED_OUT);
    void navigate(routes.login, { replace: true });
  }, [navigate, queryClient]);
}
