import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths, routes } from '../../lib/paths.js';
import type { Position } from './steps.js';

/** Moves between the wizard's screens, keeping the query (id, type, iud). */
export function useWizardNav() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const href = useCallback((position: Position) => (position === 'welcome' ? `${routes.onboarding}${search}` : paths.onboardingStep(position, search)), [search]);
  const go = useCallback((position: Position) => void navigate(href(position)), [navigate, href]);
  return { href, go, search };
}
