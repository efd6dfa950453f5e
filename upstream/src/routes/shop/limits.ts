import { LIMITS } from '@tapcard/shared/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientKey } from '../../lib/client-address.js';

/** The shop's public writes, each limited per client IP so a bot cannot fill the tables. */
const SHOP_LIMITS = {
  preorder: LIMITS.shopPreorder,
  order: LIMITS.shopOrder,
} as const;

/** Counts one request of the client's address against `limit`; 429 once the window's allowance is used up. */
export async function throttleByIp(app: FastifyInstance, request: FastifyRequest, name: keyof typeof SHOP_LIMITS): Promise<void> {
  await app.throttle.attempt(`shop:${name}:${clientKey(request)}`, SHOP_LIMITS[name]);
}
