import type { CardColour, CartItem } from './cart.js';
import {
  CARD_PRICE_NGN,
  SHIPPING_OUTSIDE_LAGOS_NGN,
  SHIPPING_PICKUP_NGN,
  SHIPPING_WITHIN_LAGOS_NGN,
  VAT_RATE,
} from '../constants/index.js';

/** The five card colours of the shop, White first (the default). */
export const CARD_COLOURS = ['White', 'Black', 'Blue', 'Green', 'Pink'] as const;
export const DEFAULT_COLOUR: CardColour = 'White';

/** The colour's image: the images background folder, file named by the lowercase colour. */
export function cardColourImage(colour: CardColour): string {
  return `/images/cards/${colour.toLowerCase()}.svg`;
}

/** The catalogue price of a card. Every colour costs the same; totals never use a client's price. */
export function priceOfColour(_colour?: CardColour): number {
  return CARD_PRICE_NGN;
}

export type CartChange = 'added' | 'updated';

/**
 * The id of a new line: the cart length plus one at add time. When a removal has left
 * that id in use ([White 1, Black 2] minus White, then add Blue), the next free id above the
 * largest is used instead, so ids stay unique and increase/decrease/remove hit one line.
 */
export function nextCartId(items: readonly CartItem[]): number {
  const byLength = items.length + 1;
  if (!items.some((item) => item.id === byLength)) return byLength;
  return Math.max(...items.map((item) => item.id)) + 1;
}

/**
 * Adds `qty` cards of a colour. A colour already in the cart gets the quantity added to its line
 * ('updated'); a new colour appends a line ('added'). `qty` must be a whole number of at least 1:
 * the add-to-cart form rejects 0 first ('Select Quantity'), so anything else is a programming error
 * and throws a RangeError.
 */
export function addToCart(
  items: readonly CartItem[],
  colour: CardColour,
  qty: number,
): { items: CartItem[]; change: CartChange } {
  if (!Number.isInteger(qty) || qty < 1) {
    throw new RangeError(`addToCart: quantity must be a whole number of at least 1, got ${String(qty)}`);
  }
  const existing = items.find((item) => item.color === colour);
  if (existing) {
    return {
      items: items.map((item) => (item === existing ? { ...item, qty: item.qty + qty } : item)),
      change: 'updated',
    };
  }
  const line: CartItem = {
    id: nextCartId(items),
    color: colour,
    qty,
    image: cardColourImage(colour),
    price: priceOfColour(colour),
  };
  return { items: [...items, line], change: 'added' };
}

/** One more card on the line with this id. An unknown id returns the same array. */
export function increaseItem(items: readonly CartItem[], id: number): CartItem[] {
  if (!items.some((item) => item.id === id)) return items as CartItem[];
  return items.map((item) => (item.id === id ? { ...item, qty: item.qty + 1 } : item));
}

/**
 * One card fewer on the line with this id; a line whose quantity would drop below 1 (decrease below
 * 2) is removed and `removed` is true. An unknown id returns the same array.
 */
export function decreaseItem(items: readonly CartItem[], id: number): { items: CartItem[]; removed: boolean } {
  const line = items.find((item) => item.id === id);
  if (!line) return { items: items as CartItem[], removed: false };
  if (line.qty < 2) return { items: items.filter((item) => item !== line), removed: true };
  return { items: items.map((item) => (item === line ? { ...item, qty: item.qty - 1 } : item)), removed: false };
}

/** Deletes the line with this id. An unknown id returns the same array. */
export function removeItem(items: readonly CartItem[], id: number): CartItem[] {
  if (!items.some((item) => item.id === id)) return items as CartItem[];
  return items.filter((item) => item.id !== id);
}

/** The number of cards in the cart (sum of quantities): the cart button's badge. */
export function cartCount(items: readonly Pick<CartItem, 'qty'>[]): number {
  return items.reduce((sum, item) => sum + item.qty, 0);
}

export const SHIPPING_OPTIONS = [
  { id: 'within-lagos', label: 'Within Lagos', fee: SHIPPING_WITHIN_LAGOS_NGN },
  { id: 'outside-lagos', label: 'Outside Lagos', fee: SHIPPING_OUTSIDE_LAGOS_NGN },
] as const;
export type ShippingOption = (typeof SHIPPING_OPTIONS)[number];
export type ShippingOptionId = ShippingOption['id'];
/** Within Lagos is the default of the cart's shipping select. */
export const DEFAULT_SHIPPING_OPTION: ShippingOptionId = 'within-lagos';
/** Shipping of the pickup delivery method. */
export const PICKUP_SHIPPING_FEE = SHIPPING_PICKUP_NGN;

/** The fee of a shipping option; an unknown id gives the default option's (Within Lagos) fee. */
export function shippingOptionFee(id: string): number {
  return SHIPPING_OPTIONS.find((option) => option.id === id)?.fee ?? SHIPPING_WITHIN_LAGOS_NGN;
}

/**
 * VAT_RATE in parts per million (75,000): VAT is computed as integer x integer / 1e6, so a half
 * naira is exactly a half and rounds as it should (30,000 x 0.075 would otherwise drift).
 */
const PPM = 1e6;
const VAT_PPM = Math.round(VAT_RATE * PPM);

/** VAT of a subtotal: 7.5 %, rounded to the nearest naira (halves away from zero). */
export function vatOf(subtotal: number): number {
  const vat = Math.round((Math.abs(subtotal) * VAT_PPM) / PPM);
  return subtotal < 0 && vat !== 0 ? -vat : vat;
}

export interface CartTotals {
  subtotal: number;
  vat: number;
  shipping: number;
  total: number;
}

/**
 * The cart's money: subtotal = sum of qty x the catalogue price (a line's stored price is never
 * trusted), VAT = 7.5 % of the subtotal rounded to the naira, total = subtotal + shipping + VAT.
 */
export function cartTotals(items: readonly Pick<CartItem, 'qty' | 'color'>[], shippingFee: number): CartTotals {
  const subtotal = items.reduce((sum, item) => sum + item.qty * priceOfColour(item.color), 0);
  const vat = vatOf(subtotal);
  return { subtotal, vat, shipping: shippingFee, total: subtotal + shippingFee + vat };
}

/** The cart toasts' texts. */
export const cartToast = {
  added: (colour: CardColour | string): string => `${colour} card added to cart`,
  updated: (colour: CardColour | string): string => `${colour} card updated in cart`,
  removed: (colour: CardColour | string): string => `${colour} card removed from cart`,
} as const;
