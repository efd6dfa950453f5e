import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Limit } from '../../lib/throttle.js';

/** Requests per client IP on the shop's public writes, so a bot cannot fill the tables. */
export const SHOP_LIMITS = {
  /** Pre-order saves per IP. */
  preorder: { max: 10, windowMs: 60 * 60_000 },
  /** Orders started per IP (each one a pending order row and a provider payment). */
  order: { max: 20, windowMs: 15 * 60_000 },
} as const satisfies Record<string, Limit>;

/** Counts one request of `request.ip` against `limit`; 429 once the window's allowance is used up. */
export async function throttleByIp(app: FastifyInstance, request: FastifyRequest, name: keyof typeof SHOP_LIMITS): Promise<void> {
  const key = `shop:${name}:${request.ip}`;
  await app.throttle.check(key, SHOP_LIMITS[name]);
  await app.throttle.fail(key, SHOP_LIMITS[name]);
}
