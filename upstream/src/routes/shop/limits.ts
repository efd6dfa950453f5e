import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientKey } from '../../lib/client-address.js';
import type { Limit } from '../../lib/throttle.js';

/** Requests per client IP on the shop's public writes, so a bot cannot fill the tables. */
export const SHOP_LIMITS = {
  /** Pre-order saves per IP. */
  preorder: { max: 10, windowMs: 60 * 60_000 },
  /** Orders started per IP (each one a pending order row and a provider payment). */
  order: { max: 20, windowMs: 15 * 60_000 },
} as const satisfies Record<string, Limit>;

/** Counts one request of the client's address against `limit`; 429 once the window's allowance is used up. */
export async function throttleByIp(app: FastifyInstance, request: FastifyRequest, name: keyof typeof SHOP_LIMITS): Promise<void> {
  await app.throttle.attempt(`shop:${name}:${clientKey(request)}`, SHOP_LIMITS[name]);
}
