import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Row } from '../db/schema.js';
import { clientKey } from '../lib/client-address.js';
import { hashToken, safeEqual } from '../lib/crypto.js';
import { badRequest, conflict } from '../lib/http-error.js';
import { LIMITS } from '@tapcard/shared/constants';
import { physicalCardById } from '../repositories/cards.js';
import { CARD_ALREADY_ACTIVE, INVALID_TOKEN } from './cards.js';

/**
 * The stored form of a card's scratch token. Tokens are typed by people from a printed card: case and
 * surrounding spaces are forgiven (the minting alphabet is upper case only).
 */
export const scratchTokenHash = (token: string): string => hashToken(token.trim().toUpperCase());

/** Compared against when the card id is unknown, so a miss costs what a wrong token costs. */
const ABSENT_CARD_HASH = hashToken('absent card');

/**
 * The device credential a request may present for card `cardId`: the one issued when this device gave
 * the card's token before (confirm-token, the first step of activating it), else, when signed in, the
 * one of the device's sign-in to that account. Null: an unknown device.
 */
function knownDevice(app: FastifyInstance, request: FastifyRequest, cardId: string): string | null {
  const forCard = app.devices.known(request, { card: cardId });
  if (forCard) return forCard;
  return request.user ? app.devices.known(request, { account: request.user.id }) : null;
}

/**
 * Checks that `token` is the scratch token of card `cardId`, in constant time, counting the guess
 * before it is compared: across all cards from the client's address (LIMITS.cardTokenAddress, so a
 * sweep over card ids only stops its own address), then, for a card that exists, from a known device
 * (knownDevice) against that device's own LIMITS.cardTokenDevice, from any other per card and address
 * (LIMITS.cardToken) and per card over all addresses (LIMITS.cardTokenCeiling, slowing as it fills).
 * Over any limit the attempt gets 429. A wrong pair or unknown card answers 400 'Invalid Token'.
 */
export async function verifyCardToken(app: FastifyInstance, request: FastifyRequest, cardId: string, token: string): Promise<Row<'physical_cards'>> {
  const address = clientKey(request);
  const sweep = `card-token:ip:${address}`;
  await app.throttle.attempt(sweep, LIMITS.cardTokenAddress);
  const card = await physicalCardById(app.db, cardId);
  // Unknown card ids get no counter of their own: made-up ids would only fill the table.
  const limits = { perAddress: LIMITS.cardToken, ceiling: LIMITS.cardTokenCeiling, perDevice: LIMITS.cardTokenDevice };
  const guess = card ? await app.throttle.guessAs(`card-token:${card.id}`, { address, device: knownDevice(app, request, card.id) }, limits) : null;
  const matches = safeEqual(card?.token_hash ?? ABSENT_CARD_HASH, scratchTokenHash(token));
  if (!card || !guess || !matches) throw badRequest(INVALID_TOKEN, 'token');
  await guess.succeeded();
  await app.throttle.release(sweep);
  return card;
}

/** verifyCardToken, and the card must still be new (409 once activated). */
export async function requireNewCardWithToken(app: FastifyInstance, request: FastifyRequest, cardId: string, token: string): Promise<Row<'physical_cards'>> {
  const card = await verifyCardToken(app, request, cardId, token);
  if (card.status !== 'new') throw conflict(CARD_ALREADY_ACTIVE);
  return card;
}
