import { describe, expect, it } from 'vitest';
import {
  addToCart,
  CARD_COLOURS,
  cardColourImage,
  cartCount,
  cartToast,
  cartTotals,
  decreaseItem,
  DEFAULT_COLOUR,
  DEFAULT_SHIPPING_OPTION,
  increaseItem,
  nextCartId,
  priceOfColour,
  removeItem,
  SHIPPING_OPTIONS,
  shippingOptionFee,
  vatOf,
} from './cart-lines.js';
import { cartItemSchema, type CartItem } from './cart.js';

const line = (id: number, color: CartItem['color'], qty: number, price = 10000): CartItem => ({
  id,
  color,
  qty,
  image: `/images/cards/${color.toLowerCase()}.svg`,
  price,
});

describe('catalogue', () => {
  it('has five colours with White as default', () => {
    expect(CARD_COLOURS).toEqual(['White', 'Black', 'Blue', 'Green', 'Pink']);
    expect(DEFAULT_COLOUR).toBe('White');
  });

  it('names the image by the lowercase colour', () => {
    expect(cardColourImage('Pink')).toBe('/images/cards/pink.svg');
  });

  it('prices every colour at NGN 10,000', () => {
    expect(priceOfColour('Black')).toBe(10000);
    expect(priceOfColour()).toBe(10000);
  });

  it('validates a cart line', () => {
    expect(cartItemSchema.safeParse(line(1, 'Blue', 2)).success).toBe(true);
    expect(cartItemSchema.safeParse({ ...line(1, 'Blue', 2), qty: 0 }).success).toBe(false);
    expect(cartItemSchema.safeParse({ ...line(1, 'Blue', 2), qty: 1.5 }).success).toBe(false);
    expect(cartItemSchema.safeParse({ ...line(1, 'Blue', 2), color: 'Red' }).success).toBe(false);
  });
});

describe('addToCart', () => {
  it('appends a new colour with id = length + 1 and reports added', () => {
    const first = addToCart([], 'Black', 2);
    expect(first).toEqual({ change: 'added', items: [line(1, 'Black', 2)] });
    const second = addToCart(first.items, 'Pink', 1);
    expect(second.change).toBe('added');
    expect(second.items).toEqual([line(1, 'Black', 2), line(2, 'Pink', 1)]);
  });

  it('adds the chosen quantity to an existing colour and reports updated', () => {
    const items = [line(1, 'Black', 2), line(2, 'Pink', 1)];
    const result = addToCart(items, 'Black', 3);
    expect(result).toEqual({ change: 'updated', items: [line(1, 'Black', 5), line(2, 'Pink', 1)] });
    expect(items[0]?.qty).toBe(2);
  });

  it('keeps ids unique after a removal', () => {
    const items = removeItem([line(1, 'White', 1), line(2, 'Black', 1)], 1);
    expect(nextCartId(items)).toBe(3);
    expect(addToCart(items, 'Blue', 1).items.map((item) => item.id)).toEqual([2, 3]);
    expect(nextCartId([line(2, 'Black', 1)])).toBe(3);
    expect(nextCartId([line(3, 'Black', 1)])).toBe(2);
  });

  it('rejects a quantity below 1 or not whole', () => {
    expect(() => addToCart([], 'White', 0)).toThrow(RangeError);
    expect(() => addToCart([], 'White', 1.5)).toThrow(RangeError);
    expect(() => addToCart([], 'White', Number.NaN)).toThrow(RangeError);
  });
});

describe('increase, decrease and remove', () => {
  const items = [line(1, 'Black', 2), line(2, 'Pink', 1)];

  it('increases by one', () => {
    expect(increaseItem(items, 2)).toEqual([line(1, 'Black', 2), line(2, 'Pink', 2)]);
  });

  it('decreases by one', () => {
    expect(decreaseItem(items, 1)).toEqual({ removed: false, items: [line(1, 'Black', 1), line(2, 'Pink', 1)] });
  });

  it('removes a line when decreased below 2', () => {
    expect(decreaseItem(items, 2)).toEqual({ removed: true, items: [line(1, 'Black', 2)] });
  });

  it('removes a line', () => {
    expect(removeItem(items, 1)).toEqual([line(2, 'Pink', 1)]);
  });

  it('returns the same array for an unknown id', () => {
    expect(increaseItem(items, 9)).toBe(items);
    expect(decreaseItem(items, 9)).toEqual({ removed: false, items });
    expect(removeItem(items, 9)).toBe(items);
  });

  it('counts the cards', () => {
    expect(cartCount(items)).toBe(3);
    expect(cartCount([])).toBe(0);
  });
});

describe('shipping', () => {
  it('offers Within Lagos (default) and Outside Lagos', () => {
    expect(SHIPPING_OPTIONS).toEqual([
      { id: 'within-lagos', label: 'Within Lagos', fee: 2500 },
      { id: 'outside-lagos', label: 'Outside Lagos', fee: 5000 },
    ]);
    expect(DEFAULT_SHIPPING_OPTION).toBe('within-lagos');
    expect(shippingOptionFee('outside-lagos')).toBe(5000);
    expect(shippingOptionFee('mars')).toBe(2500);
  });
});

describe('cartTotals', () => {
  it('totals 2 Black + 1 Pink with Outside Lagos shipping', () => {
    const items = [line(1, 'Black', 2), line(2, 'Pink', 1)];
    expect(cartTotals(items, 5000)).toEqual({ subtotal: 30000, vat: 2250, shipping: 5000, total: 37250 });
  });

  it('never trusts a line price', () => {
    const items = [line(1, 'Black', 2, 1), line(2, 'Pink', 1, 999999)];
    expect(cartTotals(items, 2500)).toEqual({ subtotal: 30000, vat: 2250, shipping: 2500, total: 34750 });
  });

  it('totals an empty cart', () => {
    expect(cartTotals([], 0)).toEqual({ subtotal: 0, vat: 0, shipping: 0, total: 0 });
  });

  it('rounds VAT to the nearest naira, halves up', () => {
    expect(vatOf(10000)).toBe(750);
    expect(vatOf(20)).toBe(2); // 1.5
    expect(vatOf(100)).toBe(8); // 7.5
    expect(vatOf(13)).toBe(1); // 0.975
    expect(vatOf(6)).toBe(0); // 0.45
    expect(vatOf(370000)).toBe(27750);
  });
});

describe('cartToast', () => {
  it('words the three toasts', () => {
    expect(cartToast.added('Blue')).toBe('Blue card added to cart');
    expect(cartToast.updated('Blue')).toBe('Blue card updated in cart');
    expect(cartToast.removed('Blue')).toBe('Blue card removed from cart');
  });
});
