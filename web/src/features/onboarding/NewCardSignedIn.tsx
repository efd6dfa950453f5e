import { Navigate } from 'react-router-dom';
import { Button, ButtonLink } from '../../components/Button.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { useLogout } from '../../lib/logout.js';
import { routes } from '../../lib/paths.js';
import styles from './Onboarding.module.css';
import { TEXTS } from './texts.js';
import { isUnknownCard, useCardInfo } from './api.js';
import { useWizardNav } from './useWizardNav.js';
import { WizardScreen } from './WizardScreen.js';

/**
 * A new card opened while signed in (its tap leads here): add it to this account (the token screen,
 * whose add-device links it to the account's card, throttled like the activation), or sign out and
 * activate it for someone else (this page again, signed out: the wizard's welcome). A card that is no
 * longer new (Back after adding it) has nothing to offer: connect.
 */
export function NewCardSignedIn({ cardId }: { cardId: string }) {
  const { href, search } = useWizardNav();
  const logout = useLogout(href('welcome'));
  const identity = useCardInfo(cardId);

  if (identity.isPending) return <LoadingScreen />;
  if (isUnknownCard(identity.error)) return <NotFoundView />;
  if (identity.data && identity.data.status !== 'new') return <Navigate to={routes.connect} replace />;

  return (
    <WizardScreen position="welcome" title={TEXTS.newCardTitle} subtitle={TEXTS.newCardSubtitle}>
      <div className={styles.choices}>
        <ButtonLink to={`${routes.enterToken}${search}`} block>
          {TEXTS.addToAccount}
        </ButtonLink>
        <Button variant="secondary" block onClick={logout}>
          {TEXTS.activateForSomeoneElse}
        </Button>
      </div>
    </WizardScreen>
  );
}
