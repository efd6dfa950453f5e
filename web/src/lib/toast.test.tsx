import { act, render, screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadToastify, notify, TOAST_CONTAINER_PROPS } from './toast.js';

/** The toasts on screen (react-toastify renders each as an alert). */
const shown = () => screen.queryAllByRole('alert').map((toast) => toast.textContent);

async function showToasts() {
  render(<ToastContainer {...TOAST_CONTAINER_PROPS} />);
  // notify loads react-toastify on first use: wait until the container has it.
  await act(() => loadToastify());
}

afterEach(async () => {
  const { toast } = await loadToastify();
  act(() => toast.dismiss());
});

describe('toasts', () => {
  it('shows a repeated error once instead of stacking copies', async () => {
    await showToasts();
    for (let i = 0; i < 4; i++) await act(async () => notify.error('Network Error'));
    await waitFor(() => expect(shown()).toEqual(['Network Error']));
  });

  it('never stacks toasts of any kind: each replaces the one on screen, the last one stays', async () => {
    await showToasts();
    await act(async () => notify.success('Pink card added to cart', { brief: true, autoClose: false }));
    await screen.findByText('Pink card added to cart');
    for (const text of ['Pink card updated in cart', 'Black card added to cart']) await act(async () => notify.success(text, { brief: true, autoClose: false }));
    await act(async () => notify.info('Pink card removed from cart', { brief: true, autoClose: false }));
    await act(async () => notify.warning('Image size must not be larger than 10MB', { autoClose: false }));
    await waitFor(() => expect(shown()).toEqual(['Image size must not be larger than 10MB']));
    const id = await act(async () => notify.loading('Please wait...'));
    await waitFor(() => expect(shown()).toEqual(['Please wait...']));
    await act(async () => notify.settle(id, 'success', 'Contact saved', 60_000));
    await waitFor(() => expect(shown()).toEqual(['Contact saved']));
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
