import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { messages } from '@tapcard/shared/rules';
import { Button, ButtonLink } from '../../components/Button.js';
import { DeviceTokenForm } from '../../components/DeviceTokenForm.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { routes } from '../../lib/paths.js';
import { notify } from '../../lib/toast.js';
import styles from './Onboarding.module.css';
import { updateWizardAtom, wizardAtom } from './state.js';
import { TEXTS } from './texts.js';
import { confirmToken, isUnknownCard, useCardInfo } from './api.js';
import { useWizardNav } from './useWizardNav.js';
import { WizardScreen } from './WizardScreen.js';

/** The card activation form: the token is checked locally, then confirmed with the server; success opens step 1. */
function ActivationForm({ cardId, type }: { cardId: string; type: string }) {
  const wizard = useAtomValue(wizardAtom);
  const update = useSetAtom(updateWizardAtom);
  const { go } = useWizardNav();
  const [busy, setBusy] = useState(false);

  const onToken = async (token: string) => {
    setBusy(true);
    const toastId = notify.loading(TEXTS.verifyingToken);
    const result = await confirmToken({ card_id: cardId, type, token });
    setBusy(false);
    if (!result.ok) {
      if (result.kind === 'network') notify.dismiss(toastId);
      else notify.settle(toastId, 'error', result.kind === 'failure' && result.message ? result.message : messages.invalidTokenToast);
      return;
    }
    notify.dismiss(toastId);
    update({ token, tokenConfirmed: true, type });
    go('step-one');
  };

  return (
    <section className={styles.section} aria-labelledby="activate-heading">
      <h2 id="activate-heading">Activate your card</h2>
      <p className={styles.subtitle}>{TEXTS.tokenSubtitle}</p>
      <DeviceTokenForm label="Enter Card Token" submitLabel="Confirm Token" defaultToken={wizard.token} busy={busy} onToken={(token) => void onToken(token)} />
    </section>
  );
}

/**
 * Step 1, welcome and card activation: 'Link card to an Existing Account' (login, keeping
 * the query) or 'Create a New Account' (the activation form, only with a card id).
 */
export function WelcomeStep() {
  const wizard = useAtomValue(wizardAtom);
  const { search } = useWizardNav();
  const [creating, setCreating] = useState(wizard.tokenConfirmed);
  const cardId = wizard.card_id;
  const identity = useCardInfo(cardId);

  if (cardId && identity.isPending) return <LoadingScreen />;
  if (cardId && isUnknownCard(identity.error)) return <NotFoundView />;

  return (
    <WizardScreen position="welcome" title="Welcome" subtitle="Activate your card and build your digital business card in a few steps.">
      <div className={styles.choices}>
        <ButtonLink to={`${routes.login}${search}`} variant="secondary" block>
          {TEXTS.linkExisting}
        </ButtonLink>
        <Button block onClick={() => setCreating(true)} aria-expanded={creating} aria-controls="create-account">
          {TEXTS.createNew}
        </Button>
      </div>
      <div id="create-account">
        {creating &&
          (cardId ? (
            <ActivationForm cardId={cardId} type={identity.data?.type ?? wizard.type} />
          ) : (
            <p className={styles.warning} role="status">
              {TEXTS.needDevice}
            </p>
          ))}
      </div>
    </WizardScreen>
  );
}
