import { z } from 'zod';
import { CARD_COLOURS, SHIPPING_OPTIONS } from './cart-lines.js';

/*
 * The cart's schemas (stored lines, colours, shipping options). Its rules and money are in
 * cart-lines.ts, which loads no zod: a page that draws a colour or counts a cart needs no schema.
 */

export const cardColourSchema = z.enum(CARD_COLOURS);
export type CardColour = z.infer<typeof cardColourSchema>;

/** One cart line as the browser stores it (storage key cartItems) and sends it with an order. */
export const cartItemSchema = z.object({
  id: z.number().int().min(1),
  color: cardColourSchema,
  qty: z.number().int().min(1),
  image: z.string(),
  price: z.number(),
});
export type CartItem = z.infer<typeof cartItemSchema>;
export const cartItemsSchema = z.array(cartItemSchema);

export const shippingOptionIdSchema = z.enum([SHIPPING_OPTIONS[0].id, SHIPPING_OPTIONS[1].id]);
