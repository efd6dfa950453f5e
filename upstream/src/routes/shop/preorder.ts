import { calls } from '@tapcard/shared/contract';
import type { FastifyInstance } from 'fastify';
import { randomId } from '../../lib/crypto.js';
import { route } from '../../lib/route.js';
import { insertPreorder } from '../../repositories/preorders.js';
import { throttleByIp } from './limits.js';

export const PREORDER_THANKS = 'Thank you for your pre-order! We will contact you as soon as your card is ready.';
export const PREORDER_ALREADY = 'You are already on our pre-order list. We will contact you as soon as your card is ready.';

/**
 * POST /preorder/public/save. One pre-order per email address (case-insensitive, a unique index):
 * a repeat answers success with PREORDER_ALREADY and leaves the first entry as it was, so nobody can
 * overwrite another person's details by typing their email.
 */
export default async function preorderRoutes(app: FastifyInstance): Promise<void> {
  route(app, calls.preorder)(async ({ body, request }) => {
    await throttleByIp(app, request, 'preorder');
    const inserted = await insertPreorder(app.db, { id: randomId(), name: body.name, email: body.email.toLowerCase(), phone: body.phone, created_at: app.now() });
    return { success: 'true', message: inserted ? PREORDER_THANKS : PREORDER_ALREADY };
  });
}
