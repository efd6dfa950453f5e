import type { FieldPath, PathValue } from 'react-hook-form';
import type { WizardForm, WizardValues } from './wizard-state.js';

type ListName = 'prices' | 'gallery';
type Item<N extends ListName> = WizardValues[N][number];

export interface WizardList<N extends ListName> {
  items: Item<N>[];
  append: (item: Item<N>) => void;
  update: (index: number, item: Item<N>) => void;
  remove: (index: number) => void;
}

/**
 * One of the wizard's lists (tickets, gallery images): its items and the edits of it, written with
 * setValue. react-hook-form's useFieldArray would do the same, but it is the one part of the library
 * no other form uses, and the one copy of the library every form loads would carry it.
 * Like useFieldArray, removing an item drops its errors and moves the errors of the items after it.
 */
export function useWizardList<N extends ListName>(form: WizardForm, name: N): WizardList<N> {
  const items: Item<N>[] = form.watch(name);
  const write = (next: Item<N>[]) => form.setValue(name, next as PathValue<WizardValues, N>, { shouldDirty: true });
  const current = (): Item<N>[] => form.getValues(name);
  return {
    items,
    append: (item: Item<N>) => write([...current(), item]),
    update: (index: number, item: Item<N>) => write(current().map((old, i) => (i === index ? item : old))),
    remove: (index: number) => {
      // getFieldState reads the form's current errors (formState holds those of the last render).
      const errors: unknown = form.getFieldState(name).error;
      const before = Array.isArray(errors) ? Array.from(errors as (Record<string, { type?: string; message?: string } | undefined> | undefined)[]) : [];
      write(current().filter((_, i) => i !== index));
      if (before.length <= index) return;
      for (let i = index; i < before.length; i++) form.clearErrors(`${name}.${i}` as FieldPath<WizardValues>);
      before.slice(index + 1).forEach((fields, offset) => {
        for (const [field, error] of Object.entries(fields ?? {})) {
          if (error?.message !== undefined) form.setError(`${name}.${index + offset}.${field}` as FieldPath<WizardValues>, { type: error.type ?? 'validate', message: error.message });
        }
      });
    },
  };
}
