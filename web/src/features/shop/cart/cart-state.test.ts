import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { STORAGE_PREFIX } from '../../../lib/storage.js';
import {
  addToCartAtom,
  cartAtom,
  cartCountAtom,
  cartTotalsAtom,
  clearCartAtom,
  decreaseItemAtom,
  increaseItemAtom,
  removeItemAtom,
  shippingAtom,
} from './cart-state.js';

const stored = (key: string): unknown => {
  const raw = localStorage.getItem(STORAGE_PREFIX + key);
  return raw === null ? null : JSON.parse(raw);
};

describe('cart state', () => {
  it('adds a new colour as a line and an existing colour to its quantity', () => {
    const store = createStore();
    expect(store.set(addToCartAtom, { colour: 'Black', qty: 2 })).toBe('added');
    expect(store.set(addToCartAtom, { colour: 'Pink', qty: 1 })).toBe('added');
    expect(store.set(addToCartAtom, { colour: 'Black', qty: 3 })).toBe('updated');
    const { items } = store.get(cartAtom);
    expect(items.map((i) => [i.id, i.color, i.qty, i.image, i.price])).toEqual([
      [1, 'Black', 5, '/images/cards/black.svg', 10000],
      [2, 'Pink', 1, '/images/cards/pink.svg', 10000],
    ]);
    expect(store.get(cartCountAtom)).toBe(6);
  });

  it('increases by one, decreases by one, and removes a line decreased below 2', () => {
    const store = createStore();
    store.set(addToCartAtom, { colour: 'Blue', qty: 1 });
    store.set(increaseItemAtom, 1);
    expect(store.get(cartAtom).items[0]?.qty).toBe(2);
    expect(store.set(decreaseItemAtom, 1)).toBe(false);
    expect(store.get(cartAtom).items[0]?.qty).toBe(1);
    expect(store.set(decreaseItemAtom, 1)).toBe(true);
    expect(store.get(cartAtom).items).toEqual([]);
  });

  it('removes a line and empties the cart', () => {
    const store = createStore();
    store.set(addToCartAtom, { colour: 'Green', qty: 2 });
    store.set(addToCartAtom, { colour: 'White', qty: 1 });
    store.set(removeItemAtom, 1);
    expect(store.get(cartAtom).items.map((i) => i.color)).toEqual(['White']);
    store.set(clearCartAtom);
    expect(store.get(cartAtom).items).toEqual([]);
  });

  it('computes subtotal, 7.5 % VAT, shipping and total, and stores only the lines and the shipping choice', () => {
    const store = createStore();
    store.set(addToCartAtom, { colour: 'Black', qty: 2 });
    store.set(addToCartAtom, { colour: 'Pink', qty: 1 });
    expect(store.get(cartTotalsAtom)).toEqual({ subtotal: 30000, vat: 2250, shipping: 2500, total: 34750 });
    store.set(shippingAtom, 'outside-lagos');
    expect(store.get(cartTotalsAtom)).toEqual({ subtotal: 30000, vat: 2250, shipping: 5000, total: 37250 });

    expect(stored('cartItems')).toEqual(store.get(cartAtom).items);
    expect(stored('shipping')).toBe('outside-lagos');
    expect(Object.keys(localStorage).filter((key) => key.startsWith(STORAGE_PREFIX)).sort()).toEqual([`${STORAGE_PREFIX}cartItems`, `${STORAGE_PREFIX}shipping`]);
  });

  it('reads the stored cart back (a reload keeps it)', () => {
    const first = createStore();
    first.set(addToCartAtom, { colour: 'Pink', qty: 4 });
    first.set(shippingAtom, 'outside-lagos');
    const reloaded = createStore();
    expect(reloaded.get(cartAtom)).toEqual({ items: [{ id: 1, color: 'Pink', qty: 4, image: '/images/cards/pink.svg', price: 10000 }], shipping: 'outside-lagos' });
  });

  it('reads an unreadable stored cart as empty', () => {
    localStorage.setItem(`${STORAGE_PREFIX}cartItems`, '{"not":"a cart"');
    localStorage.setItem(`${STORAGE_PREFIX}shipping`, JSON.stringify('by-boat'));
    expect(createStore().get(cartAtom)).toEqual({ items: [], shipping: 'within-lagos' });
  });
});
