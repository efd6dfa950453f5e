import type { FastifyInstance } from 'fastify';
import { beaconCalls, ownerCardCalls, type OwnedCard, type OwnedCards } from '@tapcard/shared/contract';
import { isFieldShown } from '@tapcard/shared/domain';
import { ownerCardMessages } from '@tapcard/shared/rules';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.js';
import { cardAnalytics, rangeDays } from '../domain/card-analytics.js';
import { requireNewCardWithToken } from '../domain/card-tokens.js';
import { CARD_ALREADY_ACTIVE, CARD_NOT_FOUND, NO_CARD_YET } from '../domain/cards.js';
import { badRequest, conflict, notFound } from '../lib/http-error.js';
import { route } from '../lib/route.js';
import { countStat, statDay, statsBetween } from '../repositories/card-stats.js';
import { activateCard, arrangeServices, fieldsOf, physicalCardById, profileOfUser, publicProfileByLink, servicesOf } from '../repositories/cards.js';
import { cardsOfProfile, lockCards, retireCard, setCardLock, setLinkOff } from '../repositories/physical-cards.js';

/** The answer of a click beacon for an id that is not a shown quick link of the card. */
export const LINK_NOT_FOUND = 'Link not found';

type DbLike = Kysely<Database> | Transaction<Database>;

const ownedCard = (card: Row<'physical_cards'>): OwnedCard => ({
  id: card.id,
  type: card.type,
  activated_at: card.activated_at?.toISOString() ?? null,
  last_tap_at: card.last_tap_at?.toISOString() ?? null,
  locked: card.locked_at !== null,
  replaced: card.replaced_at !== null,
});

async function ownedCards(db: DbLike, profileId: string): Promise<OwnedCards> {
  const profile = await db.selectFrom('card_profiles').select('link_off').where('id', '=', profileId).executeTakeFirstOrThrow();
  return { cards: (await cardsOfProfile(db, profileId)).map(ownedCard), link_reachable: !profile.link_off };
}

/** The public card behind a link, unless there is none or its owner took it off its link. */
async function reachableProfile(app: FastifyInstance, link: string) {
  const profile = await publicProfileByLink(app.db, link);
  if (!profile || profile.link_off) throw notFound(CARD_NOT_FOUND);
  return profile;
}

/**
 * The owner's physical cards (lock, unlock, replace), the services' order and switches, the card's
 * analytics, and the public card's counting beacons.
 */
export default async function ownerCardRoutes(app: FastifyInstance): Promise<void> {
  // ── Physical cards ──────────────────────────────────────────────────────
  route(app, ownerCardCalls.myCards)(async ({ user }) => {
    const profile = await profileOfUser(app.db, user.id);
    return { success: 'true', data: profile ? await ownedCards(app.db, profile.id) : { cards: [], link_reachable: false } };
  });

  // Every change is made under the card's row lock and answered from inside it, so each answer is the
  // state its own change left, and parallel changes of one card apply one after the other.
  route(app, ownerCardCalls.lockCard)(async ({ params, body, user }) => {
    const now = app.now();
    const data = await app.db.transaction().execute(async (trx) => {
      const profile = await profileOfUser(trx, user.id);
      const [card] = await lockCards(trx, [params.cardId]);
      if (!profile || !card || card.profile_id !== profile.id) throw notFound(ownerCardMessages.cardNotYours);
      if (body.locked) {
        if (card.locked_at === null) await setCardLock(trx, card.id, now);
        await setLinkOff(trx, profile.id, !body.keep_link);
      } else {
        if (card.replaced_at !== null) throw conflict(ownerCardMessages.alreadyReplaced);
        await setCardLock(trx, card.id, null);
        await setLinkOff(trx, profile.id, false);
      }
      return ownedCards(trx, profile.id);
    });
    return { success: 'true', message: body.locked ? 'Card locked' : 'Card unlocked', data };
  });

  route(app, ownerCardCalls.replaceCard)(async ({ params, body, user, request }) => {
    if (body.card_id === params.cardId) throw badRequest(ownerCardMessages.sameCard, 'card_id');
    const profile = await profileOfUser(app.db, user.id);
    const old = await physicalCardById(app.db, params.cardId);
    if (!profile || !old || old.profile_id !== profile.id) throw notFound(ownerCardMessages.cardNotYours);
    if (old.replaced_at !== null) throw conflict(ownerCardMessages.alreadyReplaced);
    const fresh = await requireNewCardWithToken(app, request, body.card_id, body.token);
    const now = app.now();
    const data = await app.db.transaction().execute(async (trx) => {
      // Both rows locked (in id order): of parallel replaces naming either card, one goes through.
      const rows = await lockCards(trx, [old.id, fresh.id]);
      const oldRow = rows.find((r) => r.id === old.id);
      const newRow = rows.find((r) => r.id === fresh.id);
      if (!oldRow || oldRow.profile_id !== profile.id) throw notFound(ownerCardMessages.cardNotYours);
      if (oldRow.replaced_at !== null) throw conflict(ownerCardMessages.alreadyReplaced);
      if (!newRow || newRow.status !== 'new') throw conflict(CARD_ALREADY_ACTIVE);
      await activateCard(trx, newRow.id, profile.id, now);
      await retireCard(trx, oldRow.id, now);
      // The new card leads to the card again, as an unlock would.
      await setLinkOff(trx, profile.id, false);
      return ownedCards(trx, profile.id);
    });
    return { success: 'true', message: 'Card replaced', data };
  });

  // ── The services' order and switches ────────────────────────────────────
  route(app, ownerCardCalls.arrangeServices)(async ({ body, user }) => {
    const services = await app.db.transaction().execute(async (trx) => {
      const profile = await trx.selectFrom('card_profiles').select('id').where('user_id', '=', user.id).forUpdate().executeTakeFirst();
      if (!profile) throw notFound(NO_CARD_YET);
      const stored = new Set((await servicesOf(trx, profile.id)).map((s) => s.id));
      const sent = new Set(body.services.map((s) => s.id));
      if (sent.size !== body.services.length || sent.size !== stored.size || [...sent].some((id) => !stored.has(id))) {
        throw badRequest(ownerCardMessages.servicesMismatch, 'services');
      }
      await arrangeServices(trx, profile.id, body.services);
      return servicesOf(trx, profile.id);
    });
    return { success: 'true', message: 'Services saved', data: { services } };
  });

  // ── Analytics ───────────────────────────────────────────────────────────
  route(app, ownerCardCalls.cardAnalytics)(async ({ query, user }) => {
    const profile = await profileOfUser(app.db, user.id);
    if (!profile) throw notFound(NO_CARD_YET);
    const today = statDay(app.now());
    const [from = today] = rangeDays(today, query.days);
    const rows = await statsBetween(app.db, profile.id, from, today);
    return { success: 'true', data: cardAnalytics(rows, await fieldsOf(app.db, profile.id), query.days, today) };
  });

  // ── The public card's beacons ───────────────────────────────────────────
  route(app, beaconCalls.cardView)(async ({ body }) => {
    const profile = await reachableProfile(app, body.link);
    await countStat(app.db, profile.id, app.now(), 'view', body.source);
    return { success: 'true', message: 'Counted' };
  });

  route(app, beaconCalls.linkClick)(async ({ body }) => {
    const profile = await reachableProfile(app, body.link);
    const field = await app.db.selectFrom('card_fields').select(['content', 'status']).where('id', '=', body.field_id).where('profile_id', '=', profile.id).executeTakeFirst();
    if (!field || !isFieldShown(field)) throw notFound(LINK_NOT_FOUND);
    await countStat(app.db, profile.id, app.now(), 'click', body.field_id);
    return { success: 'true', message: 'Counted' };
  });
}
