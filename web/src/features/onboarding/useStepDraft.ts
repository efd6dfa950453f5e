import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';
import { updateDraftAtom, wizardAtom } from './state.js';
import type { StepName } from './steps.js';

/**
 * What a step's form starts with: what was typed there last (kept by useKeepDraft), else `saved`
 * (the step's data once done).
 */
export function useDraftValues<T extends Record<string, string>>(step: StepName, saved: T): T {
  const drafts = useAtomValue(wizardAtom).drafts;
  const [initial] = useState<T>(() => {
    const draft = drafts[step] ?? {};
    const typed = Object.keys(saved).flatMap((key) => (typeof draft[key] === 'string' ? [[key, draft[key]]] : []));
    return { ...saved, ...(Object.fromEntries(typed) as Partial<T>) };
  });
  return initial;
}

/**
 * Keeps a step's typed values as they are typed, in the wizard (which writes them to storage as it
 * does every step's data), so Back, Next and a reload lose nothing.
 */
export function useKeepDraft<T extends FieldValues>(step: StepName, watch: UseFormWatch<T>): void {
  const update = useSetAtom(updateDraftAtom);
  useEffect(() => {
    const subscription = watch((values) => {
      const typed = Object.entries(values).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value] as const] : []));
      update(step, Object.fromEntries(typed));
    });
    return () => subscription.unsubscribe();
  }, [step, watch, update]);
}
