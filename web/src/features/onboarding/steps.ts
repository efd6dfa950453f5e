import type { Wizard } from './state.js';

/** The step routes onboarding/step-one .. step-five and the progress bar's stages. */
export const STAGES = [
  { step: 'step-one', label: 'Email' },
  { step: 'step-two', label: 'Password' },
  { step: 'step-three', label: 'Personal Info' },
  { step: 'step-four', label: 'Social' },
  { step: 'step-five', label: 'Profile Image' },
] as const;

export type StepName = (typeof STAGES)[number]['step'];
/** The welcome and activation screen at /onboarding comes before stage 1. */
export type Position = 'welcome' | StepName;

export const isStepName = (value: string | undefined): value is StepName => STAGES.some((s) => s.step === value);

export function indexOf(position: Position): number {
  return position === 'welcome' ? -1 : STAGES.findIndex((s) => s.step === position);
}

/** The first screen whose data is still missing; a later step cannot be opened before it. */
export function firstIncomplete(wizard: Wizard, password: string | null): Position {
  if (!wizard.tokenConfirmed) return 'welcome';
  if (!wizard.emailVerified || !wizard.verificationTicket) return 'step-one';
  if (!password) return 'step-two';
  if (!wizard.card) return 'step-three';
  if (!wizard.socials) return 'step-four';
  return 'step-five';
}

export function previous(step: StepName): Position {
  const index = indexOf(step);
  return index <= 0 ? 'welcome' : (STAGES[index - 1]?.step ?? 'welcome');
}

export function next(step: StepName): StepName | null {
  return STAGES[indexOf(step) + 1]?.step ?? null;
}
