import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { routes } from '../../lib/paths.js';
import { saveSession } from '../../lib/session.js';
import { notify } from '../../lib/toast.js';
import { googleLoginQuery } from './api.js';
import { forgetStartedSignIn, readStartedSignIn } from './started-sign-in.js';
import { TEXTS } from './texts.js';

/**
 * The social sign-in callback: sends the provider's query string on (only for the sign-in this
 * browser started: started-sign-in.ts); an existing account goes to connect (or to the add-device
 * step when it has no card yet); a new account starts onboarding with email, name and image
 * prefilled; a refusal toasts 'Unable to create account!' (a
 * server without a provider says so instead) and goes to login.
 */
export function SignInWithGooglePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  const [started] = useState(readStartedSignIn);
  // Only the sign-in this browser started goes on to the server. Any other callback (a link someone
  // else started, to sign this browser into their account) is sent without its code and state, so the
  // server refuses it, or says that social sign-in is not configured there.
  const params = new URLSearchParams(location.search);
  const ours = started !== null && params.get('state') === started.state;
  const callback = useQuery({
    ...googleLoginQuery(ours ? Object.fromEntries(params) : {}),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  useEffect(() => {
    const result = callback.data;
    if (!result || handled.current) return;
    handled.current = true;
    const cardQuery = new URLSearchParams(started?.query ?? '');
    forgetStartedSignIn();
    if (!result.ok) {
      if (result.kind === 'network') return; // the API layer went to the no-internet page
      // Not configured (404) or unavailable (503): the server's own words; any refusal: the spec's text.
      notify.error((result.status === 404 || result.status === 503) && result.message ? result.message : TEXTS.socialSignupFailed);
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
      const prefill = {
        email: signup.user.email,
        name: signup.user.name,
        profile_image: signup.user.profile_image,
        auth_type: signup.user.auth_type,
        token: signup.token,
        verification_ticket: signup.verification_ticket,
      };
      void navigate(`${routes.onboarding}?${query.toString()}`, { replace: true, state: { prefill } });
      return;
    }
    notify.error(TEXTS.socialSignupFailed);
    void navigate(routes.login, { replace: true });
  }, [callback.data, navigate, queryClient, started]);

  return <LoadingScreen />;
}
