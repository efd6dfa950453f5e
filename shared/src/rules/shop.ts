/** Add to cart, the payment card form and checkout. */
import { z } from 'zod';
import {
  CARD_CVC_MAX_LENGTH,
  CARD_EXPIRY_MAX_LENGTH,
  CARD_NUMBER_MAX_LENGTH,
  CHECKOUT_PHONE_DIGITS,
  MIN_QUANTITY,
  PHONE_COUNTRY_PREFIX,
  SHIPPING_OUTSIDE_LAGOS_NGN,
  SHIPPING_PICKUP_NGN,
  SHIPPING_WITHIN_LAGOS_NGN,
} from '../constants/index.js';
import { CARD_COLOURS } from '../domain/cart-lines.js';
import { shippingOptionForAddress } from '../domain/checkout.js';
import { emailField, numberInput, phoneField, requiredString } from './fields.js';
import { messages } from './messages.js';

/** A colour choice of the shop form: one of the five card colours (domain/cart.ts), else its message. */
export const colourChoiceSchema = z.enum(CARD_COLOURS, { error: messages.colourRequired });

/**
 * Add to cart: a colour, and a quantity where empty counts as 0 and the minimum is 0, but 0 itself
 * gives 'Select Quantity' (so at least one card is added). Every quantity failure reads 'Select Quantity'.
 */
export const addToCartSchema = z.object({
  color: colourChoiceSchema,
  quantity: z.preprocess(
    (value) => numberInput(value) ?? MIN_QUANTITY,
    z
      .number({ error: messages.selectQuantity })
      .int({ error: messages.selectQuantity })
      .gt(MIN_QUANTITY, messages.selectQuantity),
  ),
});
export type AddToCartValues = z.infer<typeof addToCartSchema>;

const digitsOf = (input: string): string => input.replace(/\D/g, '');

/** Card number as typed: digits only, regrouped in fours with spaces, at most CARD_NUMBER_MAX_LENGTH characters. */
export function formatCardNumber(input: string): string {
  const groups = digitsOf(input).match(/\d{1,4}/g) ?? [];
  return groups.join(' ').slice(0, CARD_NUMBER_MAX_LENGTH).trimEnd();
}

/**
 * Expiry as typed: digits with a slash after the first two (MM/YY), at most CARD_EXPIRY_MAX_LENGTH
 * characters. Two digits stay as they are unless the person typed the slash, so backspace works.
 */
export function formatExpiry(input: string): string {
  const digits = digitsOf(input);
  const month = digits.slice(0, 2);
  if (digits.length > 2) return `${month}/${digits.slice(2)}`.slice(0, CARD_EXPIRY_MAX_LENGTH);
  return digits.length === 2 && input.includes('/') ? `${month}/` : digits;
}

/** CVC as typed: digits only, at most CARD_CVC_MAX_LENGTH. */
export const formatCvc = (input: string): string => digitsOf(input).slice(0, CARD_CVC_MAX_LENGTH);

/** The payment card form: all three required, no checks beyond the formatting above. */
export const paymentCardSchema = z.object({
  number: requiredString(messages.cardNumberRequired),
  expiry: requiredString(messages.expiryRequired),
  cvc: requiredString(messages.cvcRequired),
});
export type PaymentCardValues = z.infer<typeof paymentCardSchema>;

/** Checkout phone: +234 or 0, then CHECKOUT_PHONE_DIGITS digits. */
export const CHECKOUT_PHONE_PATTERN = new RegExp(`^(?:\\+${PHONE_COUNTRY_PREFIX}|0)\\d{${CHECKOUT_PHONE_DIGITS}}$`);

const customerShape = {
  name: requiredString(messages.nameRequired),
  phone: phoneField(messages.phoneRequired, messages.checkoutPhoneInvalid, CHECKOUT_PHONE_PATTERN),
  email: emailField(messages.emailRequired, messages.checkoutEmailInvalid),
};

/**
 * A delivery's shipping is its address's zone (Within Lagos for Lagos State, Nigeria; else Outside
 * Lagos), never chosen against it: a mismatch fails under `shipping`, naming the address's zone.
 */
export function checkShippingZone(value: { state: string; country: string; shipping: number }, ctx: z.RefinementCtx): void {
  const zone = shippingOptionForAddress(value);
  if (value.shipping !== zone.fee) ctx.addIssue({ code: 'custom', path: ['shipping'], message: messages.shippingZoneMismatch(zone.label) });
}

export const deliveryCheckoutSchema = z.object({
  method: z.literal('delivery'),
  ...customerShape,
  address: requiredString(messages.addressRequired),
  city: requiredString(messages.cityRequired),
  state: requiredString(messages.stateRequired),
  // QUIRK kept on purpose: the required country message wrongly reads 'State is required' (docs/decisions.md, Validation).
  country: requiredString(messages.stateRequired),
  /** Within Lagos (default) or outside Lagos; a select's string value is accepted. */
  shipping: z
    .preprocess(
      numberInput,
      z.literal([SHIPPING_WITHIN_LAGOS_NGN, SHIPPING_OUTSIDE_LAGOS_NGN], { error: messages.shippingInvalid }).optional(),
    )
    .transform((fee) => fee ?? SHIPPING_WITHIN_LAGOS_NGN),
}).superRefine(checkShippingZone);

export const pickupCheckoutSchema = z.object({
  method: z.literal('pickup'),
  ...customerShape,
  /** The chosen branch's id. */
  pickup: requiredString(messages.pickupRequired),
  shipping: z
    .preprocess(numberInput, z.literal(SHIPPING_PICKUP_NGN, { error: messages.shippingInvalid }).optional())
    .transform((fee) => fee ?? SHIPPING_PICKUP_NGN),
});

/** Checkout: delivery or pickup. When it fails the page toasts CHECKOUT_FAILED_TOAST ('Fill all fields'). */
export const checkoutSchema = z.discriminatedUnion('method', [deliveryCheckoutSchema, pickupCheckoutSchema], {
  error: messages.methodRequired,
});
export type CheckoutValues = z.infer<typeof checkoutSchema>;
