import { z } from 'zod';
import { activationTokenSchema } from '../rules/index.js';
import { signupPayloadSchema } from './accounts.js';
import { call, cardIdentity, id, type CallFactories } from './core.js';
import { plainAnswerSchema, wireData } from './envelope.js';
import { physicalCardSchema } from './entities.js';

/**
 * Physical cards: a tapped card's activation (its token, a device added to an account, a new card
 * with its owner's first profile) and where a tap leads.
 */

/** A tapped card's identity with its scratch token, as activating it takes them. */
const activationBody = () => cardIdentity.extend(activationTokenSchema.shape);

/** Built once each, on first use, in `calls`. */
export const physicalCardCallFactories = {
  confirmToken: () => call({ method: 'POST', path: '/connect/public/api/confirm-token', auth: 'none', body: activationBody(), answer: plainAnswerSchema }),
  addDevice: () => call({ method: 'POST', path: '/connect/public/api/add-device', auth: 'bearer', body: activationBody(), answer: plainAnswerSchema }),
  confirmCardId: () => call({
    method: 'POST',
    path: '/connect/public/api/confirm-card-id',
    auth: 'none',
    body: z.object({ card_id: id }),
    answer: wireData(z.object({ info: physicalCardSchema })),
  }),
  createCard: () => call({ method: 'POST', path: '/connect/public/api/create-card', auth: 'bearer', body: signupPayloadSchema, answer: plainAnswerSchema }),
  loadRoute: () => call({
    method: 'POST',
    path: '/connect/public/api/load-route',
    auth: 'none',
    body: cardIdentity,
    answer: wireData(z.object({ redirect_url: z.string() })),
  }),
} satisfies CallFactories;
