import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SignupPayload } from '@tapcard/shared/contract';
import { socialsToFields } from '@tapcard/shared/domain';
import { routes } from '../../lib/paths.js';
import { saveSession, writeDashboardData } from '../../lib/session.js';
import { removeStored } from '../../lib/storage.js';
import { notify } from '../../lib/toast.js';
import { createCard, signUp } from './api.js';
import { completedAtom, emailRefusalAtom, passwordAtom, signupSessionAtom, updateWizardAtom, wizardAtom, type Wizard } from './state.js';
import { TEXTS } from './texts.js';
import { useWizardNav } from './useWizardNav.js';

/** The sign-up field that carries the email verification's ticket (named by a refusal). */
const TICKET_FIELD = 'verification_ticket';

/** The whole wizard state as sign-up and create-card take it (card.fields from the socials and phone). */
export function signupPayload(wizard: Wizard, password: string): SignupPayload {
  const card = wizard.card ?? { name: wizard.user.name, subTitle: '', phone: '', description: '' };
  const image = wizard.image;
  return {
    card_id: wizard.card_id,
    type: wizard.type,
    token: wizard.token,
    user: {
      email: wizard.email,
      password,
      name: card.name,
      auth_type: wizard.user.auth_type,
      profile_image: image?.image ?? wizard.user.profile_image,
    },
    card: { name: card.name, subTitle: card.subTitle, phone: card.phone, description: card.description, fields: socialsToFields(wizard.socials ?? {}, card.phone) },
    image,
  };
}

/**
 * Account creation: sign up, then create the card with the returned token, then save the
 * token and go to connect. 'Unable to signup' or the server's message when signing up fails ('Server
 * error' when the network does); 'Unable to create card!' when creating the card does. The session
 * sign-up returned is kept in memory, so trying again after a card failure does not sign up twice.
 * A refused verification ticket (used, expired, or from another verification) sends the person back to
 * the email step, with the server's message under the email field, to verify the address again.
 */
export function useCreateAccount() {
  const wizard = useAtomValue(wizardAtom);
  const password = useAtomValue(passwordAtom);
  const setSession = useSetAtom(signupSessionAtom);
  const session = useAtomValue(signupSessionAtom);
  const setCompleted = useSetAtom(completedAtom);
  const setPassword = useSetAtom(passwordAtom);
  const update = useSetAtom(updateWizardAtom);
  const setRefusal = useSetAtom(emailRefusalAtom);
  const { go } = useWizardNav();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const create = async () => {
    if (!password || busy) return;
    setBusy(true);
    const payload = signupPayload(wizard, password);
    let token = session;
    if (!token) {
      const signedUp = await signUp({ ...payload, verification_ticket: wizard.verificationTicket });
      if (!signedUp.ok && signedUp.kind === 'failure' && signedUp.errors[TICKET_FIELD]) {
        setBusy(false);
        update({ emailVerified: false, verificationTicket: '' });
        setRefusal(signedUp.errors[TICKET_FIELD]);
        go('step-one');
        return;
      }
      if (!signedUp.ok) {
        setBusy(false);
        notify.error(signedUp.kind === 'network' ? TEXTS.serverError : signedUp.message || TEXTS.signupFailed);
        return;
      }
      token = signedUp.answer.data;
      setSession(token);
    }
    const authorization = `${token.token_type} ${token.access_token}`;
    const created = await createCard(payload, authorization);
    if (!created.ok) {
      setBusy(false);
      notify.error(TEXTS.createCardFailed);
      return;
    }
    setCompleted(true);
    queryClient.clear();
    saveSession(token);
    writeDashboardData({ name: payload.card.name, description: payload.card.description ?? '', image: payload.image?.image ?? null });
    removeStored('signupData');
    setPassword(null);
    setSession(null);
    void navigate(routes.connect, { replace: true });
  };

  return { create: () => void create(), busy };
}
