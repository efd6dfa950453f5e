import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { calls } from '@tapcard/shared/contract';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { api } from '../../lib/api.js';
import { routes } from '../../lib/paths.js';
import { queryKeys } from '../../lib/query-keys.js';
import { saveSession } from '../../lib/session.js';
import { readStored, removeStored } from '../../lib/storage.js';
import { notify } from '../../lib/toast.js';
import { TEXTS } from './texts.js';

/** The card query (id, type) kept under 'googleQuery' while the person is at the provider. */
function storedCardQuery(): URLSearchParams {
  const stored = readStored('googleQuery', (value) => (typeof value === 'string' ? value : null));
  return new URLSearchParams(stored ?? '');
}

/**
 * The social sign-in callback: sends the provider's query string on; an existing account
 * goes to connect (or to the add-device step when it has no card yet); a new account starts
 * onboarding with email, name and image prefilled; anything else toasts 'Unable to create account!'
 * and goes to login.
 */
export function SignInWithGooglePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  const callback = useQuery({
    queryKey: queryKeys.googleLogin(location.search),
    queryFn: () => api(calls.googleLogin, { query: Object.fromEntries(new URLSearchParams(location.search)) }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  useEffect(() => {
    const result = callback.data;
    if (!result || handled.current) return;
    handled.current = true;
    const cardQuery = storedCardQuery();
    removeStored('googleQuery');
    if (!result.ok) {
      if (result.kind === 'network') return; // the API layer went to the no-internet page
      notify.error(TEXTS.socialSignupFailed);
      void navigate(routes.login, { replace: true });
      return;
    }
    const { data, signup } = result.answer;
    if (data) {
      queryClient.clear();
      saveSession(data);
      const next = data.card_url ? routes.connect : `${routes.enterToken}?${cardQuery.toString()}`;
      void navigate(next, { replace: true });
      return;
    }
    if (signup) {
      const query = new URLSearchParams(cardQuery);
      if (signup.card_id) query.set('id', signup.card_id);
      if (signup.type) query.set('type', signup.type);
      const prefill = { email: signup.user.email, name: signup.user.name, profile_image: signup.user.profile_image, auth_type: signup.user.auth_type, token: signup.token };
      void navigate(`${routes.onboarding}?${query.toString()}`, { replace: true, state: { prefill } });
      return;
    }
    notify.error(TEXTS.socialSignupFailed);
    void navigate(routes.login, { replace: true });
  }, [callback.data, navigate, queryClient]);

  return <LoadingScreen />;
}
