import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/toast.js';
import { cartAnnouncementAtom, useCartActions } from './useCartActions.js';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

function renderActions() {
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { store, ...renderHook(() => useCartActions(), { wrapper }) };
}

describe('cart toasts', () => {
  it('last 0.3 s at the bottom centre, come and go briefly and do not pause under a resting pointer', () => {
    const success = vi.spyOn(notify, 'success');
    const info = vi.spyOn(notify, 'info');
    const { result, store } = renderActions();

    act(() => result.current.add('Black', 2));
    expect(success).toHaveBeenLastCalledWith('Black card added to cart', { autoClose: 300, position: 'bottom-center', pauseOnHover: false, brief: true });
    act(() => result.current.add('Black', 1));
    expect(success).toHaveBeenLastCalledWith('Black card updated in cart', { autoClose: 300, position: 'bottom-center', pauseOnHover: false, brief: true });
    act(() => result.current.remove({ id: 1, color: 'Black', qty: 3, image: '/images/cards/black.svg', price: 10000 }));
    expect(info).toHaveBeenLastCalledWith('Black card removed from cart', { autoClose: 300, position: 'bottom-center', pauseOnHover: false, brief: true });
    // The same words stay in the polite live region.
    expect(store.get(cartAnnouncementAtom)).toBe('Black card removed from cart');
  });
});
