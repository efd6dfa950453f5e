import { z } from 'zod';
import { cartItemSchema } from '../domain/cart.js';
import { checkShippingZone, deliveryCheckoutSchema, messages, pickupCheckoutSchema, preorderSchema } from '../rules/index.js';
import { call, type CallFactories } from './core.js';
import { referenceParam } from './credential.js';
import { failureSchema, okShape, plainAnswerSchema, wireData } from './envelope.js';
import { orderSchema } from './entities.js';

/**
 * The shop: preorders, and card orders with their payment.
 */

/**
 * The order payload: the checkout's customer fields under the API's keys (`phoneNumber`, not the
 * form's `phone`), validated by the checkout rules so a bad field answers its required message:
 * delivery needs address, city, state and country and a shipping of 2,500 or 5,000; pickup needs a
 * branch id and shipping 0. `total`, `vat` and `shipping` are the client's figures: the upstream
 * recomputes them from the cart and refuses an order whose figures differ.
 */
const orderExtras = {
  cart: z.array(cartItemSchema).min(1),
  total: z.number(),
  vat: z.number(),
  callback_url: z.string().trim().min(1).max(2048),
};
const deliveryOrderSchema = z.object({
  method: deliveryCheckoutSchema.shape.method,
  name: deliveryCheckoutSchema.shape.name,
  phoneNumber: deliveryCheckoutSchema.shape.phone,
  email: deliveryCheckoutSchema.shape.email,
  address: deliveryCheckoutSchema.shape.address,
  city: deliveryCheckoutSchema.shape.city,
  state: deliveryCheckoutSchema.shape.state,
  country: deliveryCheckoutSchema.shape.country,
  /** Sent as null by the checkout; ignored for delivery. */
  pickup: z.string().nullable().optional(),
  shipping: deliveryCheckoutSchema.shape.shipping,
  ...orderExtras,
}).superRefine(checkShippingZone);
const pickupOrderSchema = z.object({
  method: pickupCheckoutSchema.shape.method,
  name: pickupCheckoutSchema.shape.name,
  phoneNumber: pickupCheckoutSchema.shape.phone,
  email: pickupCheckoutSchema.shape.email,
  /** Ignored for pickup: the order takes the chosen branch's address. */
  address: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  country: z.string().optional(),
  pickup: pickupCheckoutSchema.shape.pickup,
  shipping: pickupCheckoutSchema.shape.shipping,
  ...orderExtras,
});
export const orderPayloadSchema = z.discriminatedUnion('method', [deliveryOrderSchema, pickupOrderSchema], { error: messages.methodRequired });
export type OrderPayload = z.infer<typeof orderPayloadSchema>;

/**
 * The order lookup: success 'true' with the order once the provider confirmed the payment (HTTP 200);
 * success 'false' with the order when it was declined (200) or is still pending (HTTP 202, the order's
 * payment_status 'pending': keep checking); success 'false' without an order for an unknown reference (404).
 */
export const orderLookupAnswerSchema = z.discriminatedUnion('success', [
  okShape({ order: orderSchema }),
  failureSchema.extend({ order: orderSchema.optional() }),
]);

/** A payment to make: the order's reference and the provider's payment page. */
const orderPaymentAnswer = () => wireData(z.object({ reference: z.string(), url: z.string() }));

/** Built once each, on first use, in `calls`. */
export const shopCallFactories = {
  preorder: () => call({ method: 'POST', path: '/preorder/public/save', auth: 'none', body: preorderSchema, answer: plainAnswerSchema }),
  createOrder: () => call({ method: 'POST', path: '/v1/connect/api/orders', auth: 'none', body: orderPayloadSchema, answer: orderPaymentAnswer() }),
  getOrder: () => call({
    method: 'GET',
    path: '/v1/connect/api/orders/:reference',
    auth: 'none',
    params: referenceParam,
    answer: orderLookupAnswerSchema,
  }),
  /** Ours: a fresh payment of a declined order's items, priced again on the server; the declined order stays declined. */
  retryOrder: () => call({ method: 'POST', path: '/v1/connect/api/orders/:reference/retry', auth: 'none', params: referenceParam, answer: orderPaymentAnswer() }),
} satisfies CallFactories;
