import { useState } from 'react';
import { Button } from '../../components/Button.js';
import { notify } from '../../lib/toast.js';
import styles from './Access.module.css';
import { signInWithLogin, useSocialProvider } from './api.js';
import { TEXTS } from './texts.js';
import { rememberSignIn } from './started-sign-in.js';

/**
 * 'Sign in with {provider}', shown only when the server has a provider configured. The card query
 * (id, type) goes with the sign-in and is kept under 'googleQuery' with the sign-in's state, so a new
 * card's owner comes back to the card's own step (onboarding, or the add-device step) and the callback
 * page accepts only the sign-in this browser started.
 */
export function SocialSignInButton({ cardId, cardType }: { cardId: string | null; cardType: string | null }) {
  const name = useSocialProvider();
  const [busy, setBusy] = useState(false);
  if (!name) return null;

  const start = async () => {
    setBusy(true);
    const card = { ...(cardId ? { id: cardId } : {}), ...(cardType ? { type: cardType } : {}) };
    const result = await signInWithLogin(card);
    if (!result.ok) {
      setBusy(false);
      if (result.kind !== 'network') notify.error(result.message || TEXTS.socialSignupFailed);
      return;
    }
    const url = result.answer.data.url;
    rememberSignIn({ query: new URLSearchParams(card).toString(), state: new URL(url).searchParams.get('state') ?? '' });
    window.location.assign(url);
  };

  return (
    <div className={styles.social}>
      <p className={styles.or}>or</p>
      <Button variant="secondary" block busy={busy} onClick={() => void start()}>
        {TEXTS.signInWith(name)}
      </Button>
    </div>
  );
}
