import { atom } from 'jotai';
import { atomWithLazy } from 'jotai/utils';
import {
  addToCart,
  cartCount,
  cartItemsSchema,
  cartTotals,
  decreaseItem,
  DEFAULT_SHIPPING_OPTION,
  increaseItem,
  removeItem,
  shippingOptionFee,
  shippingOptionIdSchema,
  type CardColour,
  type CartChange,
  type CartItem,
  type ShippingOptionId,
} from '@tapcard/shared/domain';
import { readStored, STORAGE_PREFIX, writeStored } from '../../../lib/storage.js';

/**
 * The cart: its lines and the shipping choice, kept in jotai and persisted under cartItems and
 * shipping so it survives a reload. The figures (subtotal, VAT, shipping fee, total) are not stored:
 * they are always computed from the lines by the shared cart math, and nothing would read them back.
 */
export interface CartState {
  items: CartItem[];
  shipping: ShippingOptionId;
}

/** The cart as stored; anything unreadable reads as an empty cart with the default shipping. */
export function loadCart(): CartState {
  return {
    items: readStored('cartItems', cartItemsSchema) ?? [],
    shipping: readStored('shipping', shippingOptionIdSchema) ?? DEFAULT_SHIPPING_OPTION,
  };
}

export function saveCart(cart: CartState): void {
  writeStored('cartItems', cart.items);
  writeStored('shipping', cart.shipping);
}

/** Read from storage when a store first uses it; follows other tabs' changes while mounted. */
const storedCartAtom = atomWithLazy<CartState>(loadCart);
storedCartAtom.onMount = (set) => {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === `${STORAGE_PREFIX}cartItems` || event.key === `${STORAGE_PREFIX}shipping`) set(loadCart());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
};

/** The cart; setting it writes it to storage. */
export const cartAtom = atom(
  (get) => get(storedCartAtom),
  (_get, set, next: CartState) => {
    saveCart(next);
    set(storedCartAtom, next);
  },
);

export const cartItemsAtom = atom((get) => get(cartAtom).items);

/** Subtotal, VAT (7.5 %), the cart's shipping fee and the total, by the shared cart math. */
export const cartTotalsAtom = atom((get) => {
  const { items, shipping } = get(cartAtom);
  return cartTotals(items, shippingOptionFee(shipping));
});

/** Cards in the cart (the cart button's badge). */
export const cartCountAtom = atom((get) => cartCount(get(cartAtom).items));

export const shippingAtom = atom(
  (get) => get(cartAtom).shipping,
  (get, set, shipping: ShippingOptionId) => set(cartAtom, { ...get(cartAtom), shipping }),
);

/** Adds cards of a colour: an existing colour's line grows ('updated'), a new colour appends a line ('added'). */
export const addToCartAtom = atom(null, (get, set, input: { colour: CardColour; qty: number }): CartChange => {
  const cart = get(cartAtom);
  const { items, change } = addToCart(cart.items, input.colour, input.qty);
  set(cartAtom, { ...cart, items });
  return change;
});

export const increaseItemAtom = atom(null, (get, set, id: number) => {
  const cart = get(cartAtom);
  set(cartAtom, { ...cart, items: increaseItem(cart.items, id) });
});

/** One fewer; a line below 2 is removed (returns true then). */
export const decreaseItemAtom = atom(null, (get, set, id: number): boolean => {
  const cart = get(cartAtom);
  const { items, removed } = decreaseItem(cart.items, id);
  set(cartAtom, { ...cart, items });
  return removed;
});

export const removeItemAtom = atom(null, (get, set, id: number) => {
  const cart = get(cartAtom);
  set(cartAtom, { ...cart, items: removeItem(cart.items, id) });
});

/** Empties the cart after a successful payment (the shipping choice is kept). */
export const clearCartAtom = atom(null, (get, set) => {
  set(cartAtom, { ...get(cartAtom), items: [] });
});
