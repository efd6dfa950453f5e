import { act, render, screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { TOAST_AUTO_CLOSE_MS } from './ui.js';
import { loadToastify, notify } from './toast.js';

/** The toasts on screen (react-toastify renders each as an alert). */
const shown = () => screen.queryAllByRole('alert').map((toast) => toast.textContent);

async function showToasts() {
  render(<ToastContainer autoClose={TOAST_AUTO_CLOSE_MS} />);
  // notify loads react-toastify on first use: wait until the container has it.
  await act(() => loadToastify());
}

afterEach(async () => {
  const { toast } = await loadToastify();
  act(() => toast.dismiss());
});

describe('toasts', () => {
  it('shows a repeated error once instead of stacking copies, and every confirmation', async () => {
    await showToasts();
    for (let i = 0; i < 4; i++) await act(async () => notify.error('Network Error'));
    await waitFor(() => expect(shown()).toEqual(['Network Error']));
    // Each cart change confirms itself (a toast per change), even when the text repeats.
    for (let i = 0; i < 3; i++) await act(async () => notify.success('Pink card updated in cart'));
    await waitFor(() => expect(shown().filter((text) => text === 'Pink card updated in cart')).toHaveLength(3));
  });

  it('replaces the previous error with a new one', async () => {
    await showToasts();
    await act(async () => notify.error('Email is not valid'));
    await screen.findByText('Email is not valid');
    await act(async () => notify.error('Server error'));
    await screen.findByText('Server error');
    await waitFor(() => expect(shown()).toEqual(['Server error']));
  });
});
