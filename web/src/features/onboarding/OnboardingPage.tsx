import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { authTokenAtom } from '../../lib/session.js';
import { removeStored, writeStored } from '../../lib/storage.js';
import { EmailStep } from './EmailStep.js';
import { PasswordStep } from './PasswordStep.js';
import { PersonalInfoStep } from './PersonalInfoStep.js';
import { ProfileImageStep } from './ProfileImageStep.js';
import { SocialsStep } from './SocialsStep.js';
import { completedAtom, passwordAtom, signupSessionAtom, wizardAtom, wizardOnEntry } from './state.js';
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

/** Starting onboarding signs out: it clears the stored auth token, the dashboard cache and cached answers. */
function useSignedOutStart(): void {
  const store = useStore();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (store.get(completedAtom)) return;
    store.set(authTokenAtom, null);
    removeStored('dashboardData');
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'confirm-card-id' });
  }, [store, queryClient]);
}

/**
 * Part 1 §2.4, the onboarding wizard: /onboarding (welcome and activation) and onboarding/step-one ..
 * step-five, keeping the query id, type and iud. A step whose earlier data is missing sends the
 * person to the first incomplete one (to the password step, saying why, when a reload lost it).
 */
export function OnboardingPage() {
  const { step } = useParams();
  useWizardEntry();
  useSignedOutStart();
  const wizard = useAtomValue(wizardAtom);
  const password = useAtomValue(passwordAtom);
  const completed = useAtomValue(completedAtom);
  const { href } = useWizardNav();

  if (completed) return <LoadingScreen />;
  if (step !== undefined && !isStepName(step)) return <NotFoundView />;
  const position: Position = step ?? 'welcome';
  const allowed = firstIncomplete(wizard, password);
  if (indexOf(position) > indexOf(allowed)) {
    return <Navigate to={href(allowed)} replace state={allowed === 'step-two' ? { passwordLost: true } : undefined} />;
  }
  const Screen = SCREENS[position];
  return <Screen />;
}
