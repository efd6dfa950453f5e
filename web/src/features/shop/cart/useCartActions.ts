import { atom, useSetAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import { CART_TOAST_MS } from '../../../lib/ui.js';
import { cartToast, type CardColour, type CartItem } from '@tapcard/shared/domain';
import { notify } from '../../../lib/toast.js';
import { addToCartAtom, decreaseItemAtom, increaseItemAtom, removeItemAtom } from './cart-state.js';

/**
 * The last cart change in words, for a polite live region: the cart toasts last only 0.3 s, too
 * short for a screen reader to be sure to read them.
 */
export const cartAnnouncementAtom = atom('');

/**
 * Bottom centre for 0.3 s, brief (it fades in and out as quickly, so it is on screen for about its
 * 0.3 s), and no pause under the pointer: on a phone the toast appears over the Add to cart button,
 * and a pointer resting there would keep it (and its cover over the button) forever. Like every toast,
 * a cart toast replaces the one before. The live region above carries the words for anyone who needs longer.
 */
export const CART_TOAST_OPTIONS = { autoClose: CART_TOAST_MS, position: 'bottom-center', pauseOnHover: false, brief: true } as const;

/** Cart changes with their required toasts ('{colour} card added to cart' and the rest), bottom centre, 0.3 s. */
export function useCartActions() {
  const add = useSetAtom(addToCartAtom);
  const increase = useSetAtom(increaseItemAtom);
  const decrease = useSetAtom(decreaseItemAtom);
  const remove = useSetAtom(removeItemAtom);
  const announce = useSetAtom(cartAnnouncementAtom);

  const tell = useCallback(
    (text: string, kind: 'success' | 'info') => {
      notify[kind](text, CART_TOAST_OPTIONS);
      announce(text);
    },
    [announce],
  );

  return useMemo(
    () => ({
      add(colour: CardColour, qty: number) {
        const change = add({ colour, qty });
        tell(change === 'added' ? cartToast.added(colour) : cartToast.updated(colour), 'success');
      },
      increase(item: CartItem) {
        increase(item.id);
        tell(cartToast.updated(item.color), 'success');
      },
      decrease(item: CartItem) {
        const removed = decrease(item.id);
        tell(removed ? cartToast.removed(item.color) : cartToast.updated(item.color), removed ? 'info' : 'success');
      },
      remove(item: CartItem) {
        remove(item.id);
        tell(cartToast.removed(item.color), 'info');
      },
    }),
    [add, increase, decrease, remove, tell],
  );
}
