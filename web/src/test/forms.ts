import { screen, type waitForOptions } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Types each value into the field its label names, in the order given (each field waited for, as long
 * as `wait` says: the page may still be loading).
 */
export async function typeInto(user: UserEvent, values: Record<string, string>, wait?: waitForOptions): Promise<void> {
  for (const [label, value] of Object.entries(values)) await user.type(await screen.findByLabelText(label, {}, wait), value);
}

/** Expects the texts a form shows together: the first waited for, the others shown with it. */
export async function expectTexts(first: string | RegExp, ...rest: (string | RegExp)[]): Promise<void> {
  expect(await screen.findByText(first)).toBeInTheDocument();
  for (const text of rest) expect(screen.getByText(text)).toBeInTheDocument();
}

/** Presses the button named `button` (waited for), then expects the texts the form shows for it. */
export async function submitAndExpect(user: UserEvent, button: string, first: string | RegExp, ...rest: (string | RegExp)[]): Promise<void> {
  await user.click(await screen.findByRole('button', { name: button }));
  await expectTexts(first, ...rest);
}
