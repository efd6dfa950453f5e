import { z } from 'zod';
import { call, idParam, lazyCalls } from './core.js';
import { liveStateSchema } from './entities.js';
import { plainAnswerSchema, wireData } from './envelope.js';

/**
 * Calls that no page makes: the gateway's poll of a live event's state and the payment provider's
 * webhook. They live here, not in `calls`,
 * because `calls` ships in every page's first-render JS and this module, imported by no page's
 * first render, is left out of it.
 */


export const serviceCalls = lazyCalls({
  /** Ours: what changed in an event since `since`, for the gateway's poller (its service key). */
  liveState: () => call({
    method: 'GET',
    path: '/event/api/live/:id',
    auth: 'service',
    params: idParam,
    query: z.object({ since: z.coerce.number().int().min(0).optional() }),
    answer: wireData(liveStateSchema),
  }),
  /** Ours: accepted only with a valid x-paystack-signature (HMAC-SHA512 of the raw body). */
  paystackWebhook: () => call({
    method: 'POST',
    path: '/v1/payments/paystack/webhook',
    auth: 'none',
    body: z.looseObject({ event: z.string().min(1).max(100), data: z.looseObject({}) }),
    answer: plainAnswerSchema,
    live: { wakes: 'poll' },
  }),
});
