import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { routes } from '../../lib/paths.js';
import { authTokenAtom } from '../../lib/session.js';
import { removeStored, writeStored } from '../../lib/storage.js';
import { isCardLookup } from './api.js';
import { EmailStep } from './EmailStep.js';
import { PasswordStep } from './PasswordStep.js';
import { PersonalInfoStep } from './PersonalInfoStep.js';
import { ProfileImageStep } from './ProfileImageStep.js';
import { SocialsStep } from './SocialsStep.js';
import { completedAtom, passwordAtom, signupSessionAtom, wizardAtom, wizardOnEntry } from './state.js';
import { NewCardSignedIn } from './NewCardSignedIn.js';
import { firstIncomplete, indexOf, isStepName, type Position } from './steps.js';
import { useWizardNav } from './useWizardNav.js';
import { WelcomeStep } from './WelcomeStep.js';

const SCREENS: Record<Position, () => React.JSX.Element> = {
  welcome: WelcomeStep,
  'step-one': EmailStep,
  'step-two': PasswordStep,
  'step-three': PersonalInfoStep,
  'step-four': SocialsStep,
  'step-five': ProfileImageStep,
};

/** Loads the stored wizard on entry (once per mount) and applies the query and any social prefill. */
function useWizardEntry(): void {
  const store = useStore();
  const [params] = useSearchParams();
  const location = useLocation();
  useState(() => {
    const { wizard, restarted } = wizardOnEntry(params, location.state);
    store.set(wizardAtom, wizard);
    store.set(completedAtom, false);
    if (restarted) {
      store.set(passwordAtom, null);
      store.set(signupSessionAtom, null);
    }
    writeStored('signupData', wizard);
    return true;
  });
}

/**
 * Starting onboarding signed out forgets the dashboard cache and cached answers. It never ends a
 * session (a session ends only by logout, expiry or a password change): a signed-in person is sent to
 * connect instead (see OnboardingPage).
 */
function useSignedOutStart(signedIn: boolean): void {
  const store = useStore();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (signedIn || store.get(completedAtom)) return;
    removeStored('dashboardData');
    queryClient.removeQueries({ predicate: (query) => !isCardLookup(query.queryKey) });
  }, [signedIn, store, queryClient]);
}

/**
 * The onboarding wizard: /onboarding (welcome and activation) and onboarding/step-one ..
 * step-five, keeping the query id, type and iud. A step whose earlier data is missing sends the
 * person to the first incomplete one (to the password step, saying why, when a reload lost it). A
 * signed-in person goes to connect, or with a card id chooses what the new card is for; a mistyped step shows the not-found page and signs nobody out.
 */
export function OnboardingPage() {
  const { step } = useParams();
  const [params] = useSearchParams();
  const signedIn = useAtomValue(authTokenAtom) !== null;
  useWizardEntry();
  useSignedOutStart(signedIn);
  const wizard = useAtomValue(wizardAtom);
  const password = useAtomValue(passwordAtom);
  const completed = useAtomValue(completedAtom);
  const { href } = useWizardNav();

  if (completed) return <LoadingScreen />;
  if (step !== undefined && !isStepName(step)) return <NotFoundView />;
  // A signed-in person is past the wizard (Back after sign-up, an old tab): it is finished for them. A
  // new card they opened may be theirs to add, or someone else's to activate: they choose.
  if (signedIn) {
    const cardId = params.get('id');
    return step === undefined && cardId ? <NewCardSignedIn cardId={cardId} /> : <Navigate to={routes.connect} replace />;
  }
  const position: Position = step ?? 'welcome';
  const allowed = firstIncomplete(wizard, password);
  if (indexOf(position) > indexOf(allowed)) {
    return <Navigate to={href(allowed)} replace state={allowed === 'step-two' ? { passwordLost: true } : undefined} />;
  }
  const Screen = SCREENS[position];
  return <Screen />;
}
