import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { useWizardList } from './useWizardList.js';
import { LIST_MESSAGE_PATH, newEventValues, type TicketDraft, type WizardContext, type WizardValues } from './wizard-state.js';

const ticket = (title: string): TicketDraft => ({ title, amount: 0, attendees: 10, withChips: 'without' });

function setup(prices: TicketDraft[]) {
  return renderHook(() => {
    const form = useForm<WizardValues, WizardContext>({ defaultValues: { ...newEventValues(), prices } });
    // Read while rendering, as the wizard does, so the form keeps them up to date.
    const { isDirty, errors } = form.formState;
    return { form, isDirty, errors, list: useWizardList(form, 'prices') };
  });
}

describe('useWizardList', () => {
  it('appends, updates and removes items, marking the list dirty', () => {
    const { result } = setup([ticket('A')]);
    act(() => result.current.list.append(ticket('B')));
    act(() => result.current.list.update(0, ticket('A2')));
    expect(result.current.list.items.map((t) => t.title)).toEqual(['A2', 'B']);
    act(() => result.current.list.remove(0));
    expect(result.current.form.getValues('prices').map((t) => t.title)).toEqual(['B']);
    expect(result.current.isDirty).toBe(true);
  });

  it('drops the removed item’s errors and moves the errors of the items after it, keeping the list’s own', () => {
    const { result } = setup([ticket('A'), ticket('B'), ticket('C')]);
    act(() => {
      result.current.form.setError('prices.0.title', { type: 'validate', message: 'first' });
      result.current.form.setError('prices.1.attendees', { type: 'validate', message: 'second' });
      result.current.form.setError('prices.2.amount', { type: 'validate', message: 'third' });
      result.current.form.setError(LIST_MESSAGE_PATH, { type: 'validate', message: 'list' });
    });
    act(() => result.current.list.remove(1));
    const errors = result.current.errors.prices;
    expect(errors?.[0]?.title?.message).toBe('first');
    expect(errors?.[1]?.amount?.message).toBe('third');
    expect(errors?.[1]?.attendees).toBeUndefined();
    expect(errors?.[2]).toBeUndefined();
    expect(errors?.root?.message).toBe('list');
  });
});
