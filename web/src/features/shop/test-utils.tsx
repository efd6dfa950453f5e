import type { RouteObject } from 'react-router-dom';
import type { calls, Order } from '@tapcard/shared/contract';
import type { CartItem } from '@tapcard/shared/domain';
import { routes } from '../../lib/paths.js';
import { STORAGE_PREFIX } from '../../lib/storage.js';
import { jotaiStore } from '../../lib/session.js';
import type { ReplyOf } from '../../test/network.js';
import { routesWithProbes } from '../../test/render.js';
import { cartAtom, loadCart } from './cart/cart-state.js';
import { cartAnnouncementAtom } from './cart/useCartActions.js';
import { checkoutDraftAtom } from './checkout/checkout-form.js';
import { CheckoutPage, OrderDetailsPage, PaymentPage, PaymentStatusPage } from './order-routes.js';
import { ShopPage } from './routes.js';

/** The shop's routes as the app registers them, plus probes for where they lead. */
export const shopRoutes: RouteObject[] = routesWithProbes(
  [
    [routes.getCard, ShopPage],
    [routes.getStarted, ShopPage],
    [routes.checkout, CheckoutPage],
    [routes.payment, PaymentPage],
    [routes.paymentStatus, PaymentStatusPage],
    [routes.orderDetails, OrderDetailsPage],
  ],
  [[routes.home, 'home page']],
);

export const line = (id: number, color: CartItem['color'], qty: number): CartItem => ({ id, color, qty, image: `/images/cards/${color.toLowerCase()}.svg`, price: 10000 });

/**
 * Puts a cart in storage (as an earlier visit would have) and loads it into the app's store, as a
 * page load does; also forgets the in-memory state of earlier tests.
 */
export function startWithCart(items: CartItem[] = [], shipping: 'within-lagos' | 'outside-lagos' = 'within-lagos'): void {
  localStorage.setItem(`${STORAGE_PREFIX}cartItems`, JSON.stringify(items));
  localStorage.setItem(`${STORAGE_PREFIX}shipping`, JSON.stringify(shipping));
  jotaiStore.set(cartAtom, loadCart());
  jotaiStore.set(cartAnnouncementAtom, '');
  jotaiStore.set(checkoutDraftAtom, null);
}

/** Makes `(min-width: …)` media queries match (a large screen) or not. */
export function screenWidth(px: number): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => {
      const min = /min-width:\s*(\d+)px/.exec(query);
      return { matches: min ? px >= Number(min[1]) : false, media: query, addEventListener() {}, removeEventListener() {}, onchange: null } as unknown as MediaQueryList;
    },
  });
}

/** An order as the order lookup answers it. */
export function order(payment_status: Order['payment_status'], reference = 'TC-ref-1'): Order {
  return {
    id: 'ord_8f2k',
    name: 'Ada Obi',
    phone_number: '08012345678',
    email: 'ada@example.com',
    address: '12 Marina Road',
    city: 'Ibadan',
    state: 'Oyo',
    country: 'Nigeria',
    method: 'delivery',
    pickup: null,
    items: [
      { color: 'Black', qty: 2, price: 10000 },
      { color: 'Pink', qty: 1, price: 10000 },
    ],
    total: 30000,
    final_total: 37250,
    vat: 2250,
    shipping: 5000,
    payment_status,
    created_at: '2025-05-01T10:00:00.000Z',
    updated_at: '2025-05-01T10:05:00.000Z',
    payment_url: `http://localhost/api/pay/test/${reference}`,
    payment_reference: reference,
    payment_access_code: 'abc123',
    payment_metadata: null,
  };
}

export const paid = (ref?: string): ReplyOf<typeof calls.getOrder> => ({ status: 200, json: { success: 'true', message: 'Payment successful', order: order('paid', ref) } });
export const declined = (ref?: string): ReplyOf<typeof calls.getOrder> => ({ status: 200, json: { success: 'false', message: 'Payment declined', order: order('declined', ref) } });
export const pending = (ref?: string): ReplyOf<typeof calls.getOrder> => ({ status: 202, json: { success: 'false', message: 'Payment pending', order: order('pending', ref) } });

