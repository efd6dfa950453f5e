import { randomBytes } from 'node:crypto';
import type { Body, calls } from '@tapcard/shared/contract';
import { cardColourImage, type CardColour } from '@tapcard/shared/domain';

/** Test data for the shop's tests (not used by the app). */

/** A client IP of its own, sent as X-Forwarded-For (the upstream trusts the local gateway), so throttles stay per test. */
export function clientIp(): Record<string, string> {
  const b = randomBytes(3);
  return { 'x-forwarded-for': `10.${b[0]}.${b[1]}.${b[2]}` };
}

export function uniqueEmail(prefix = 'buyer'): string {
  return `${prefix}-${randomBytes(6).toString('hex')}@example.com`;
}

export function cartLine(id: number, color: CardColour, qty: number): { id: number; color: CardColour; qty: number; image: string; price: number } {
  return { id, color, qty, image: cardColourImage(color), price: 10_000 };
}

/**
 * A delivery order within Lagos for 2 White + 1 Black: subtotal 30,000, VAT 2,250 (7.5 %),
 * shipping 2,500, total 34,750 (figures written out, not computed, so the server's math is tested).
 */
export function deliveryOrder(overrides: Record<string, unknown> = {}): Body<typeof calls.createOrder> {
  return {
    method: 'delivery',
    name: 'Ada Obi',
    phoneNumber: '08031234567',
    email: uniqueEmail(),
    address: '12 Marina Road',
    city: 'Lagos Island',
    state: 'Lagos',
    country: 'Nigeria',
    cart: [cartLine(1, 'White', 2), cartLine(2, 'Black', 1)],
    total: 34_750,
    vat: 2_250,
    shipping: 2_500,
    pickup: null,
    callback_url: '/payment/status',
    ...overrides,
  } as Body<typeof calls.createOrder>;
}

/** A pickup order at the Lekki branch for 3 Pink: subtotal 30,000, VAT 2,250, shipping 0, total 32,250. */
export function pickupOrder(overrides: Record<string, unknown> = {}): Body<typeof calls.createOrder> {
  return {
    method: 'pickup',
    name: 'Chidi Okeke',
    phoneNumber: '+2348031234567',
    email: uniqueEmail(),
    cart: [cartLine(1, 'Pink', 3)],
    total: 32_250,
    vat: 2_250,
    shipping: 0,
    pickup: 'lekki',
    callback_url: 'http://localhost:3000/payment/status',
    ...overrides,
  } as Body<typeof calls.createOrder>;
}
