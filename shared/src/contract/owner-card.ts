import { z } from 'zod';
import { CARD_BEACON_PATHS, CARD_VIEW_SOURCES } from '../pages/index.js';
import { activationTokenSchema } from '../rules/account.js';
import { analyticsRangeSchema } from '../rules/owner-card.js';
import { call, id, lazyCalls, ownerCallsOn } from './core.js';
import { plainAnswerSchema, wireData } from './envelope.js';
import { serviceSchema } from './entities.js';

/**
 * The owner's calls about their card beyond its content (physical cards, the services' order and
 * switches, analytics), and the public card's two counting beacons. Kept out of `calls` so that only the
 * owner's pages ship the first group, and only the public card the beacons.
 */

/** The owner's calls about one of their physical cards. */
const cardCall = ownerCallsOn(z.object({ cardId: id }));
const isoDate = z.string().min(1);
const count = z.number().int().min(0);

/** A physical card bound to the owner's profile. */
export const ownedCardSchema = z.object({
  id,
  type: z.string(),
  activated_at: isoDate.nullable(),
  /** When the card was last tapped (its tap address resolved), whether or not it was locked. */
  last_tap_at: isoDate.nullable(),
  /** A locked card's tap opens a neutral page. */
  locked: z.boolean(),
  /** Replaced by another card: locked for good. */
  replaced: z.boolean(),
});
export type OwnedCard = z.infer<typeof ownedCardSchema>;

export const ownedCardsSchema = z.object({
  cards: z.array(ownedCardSchema),
  /** Whether the public card opens by its link (an owner locking a lost card may switch it off too). */
  link_reachable: z.boolean(),
});
export type OwnedCards = z.infer<typeof ownedCardsSchema>;

export const cardViewSourceSchema = z.enum(CARD_VIEW_SOURCES);

/** One day's counts of a card (UTC days, 'YYYY-MM-DD'). */
export const cardDaySchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  views: z.object({ tap: count, qr: count, link: count, arena: count }),
  clicks: count,
  saves: count,
  exchanges: count,
});
export type CardDay = z.infer<typeof cardDaySchema>;

/** The owner's analytics for a range: every day of it, oldest first (days without activity count 0), and clicks per quick link. */
export const cardAnalyticsSchema = z.object({
  range: z.number().int(),
  days: z.array(cardDaySchema),
  /** Clicks per quick link over the range, most first; links deleted since are summed under id null. */
  links: z.array(z.object({ id: z.string().nullable(), label: z.string(), clicks: count })),
});
export type CardAnalytics = z.infer<typeof cardAnalyticsSchema>;

export const ownerCardCalls = lazyCalls({
  /** Ours: the physical cards bound to the owner's profile, newest first. */
  myCards: () => call({ method: 'GET', path: '/v1/connect/api/cards', auth: 'bearer', answer: wireData(ownedCardsSchema) }),
  /**
   * Ours: lock or unlock one of the owner's cards; takes effect on the card's next tap. Locking with
   * `keep_link: false` also takes the public card off its link until a card is unlocked. A replaced
   * card cannot be unlocked.
   */
  lockCard: () => cardCall({ method: 'POST', path: '/v1/connect/api/cards/:cardId/lock', body: z.object({ locked: z.boolean(), keep_link: z.boolean().default(true) }), answer: wireData(ownedCardsSchema) }),
  /** Ours: "Replace card, keep profile": activates a new card (its id, type and scratch token) on the profile; the old one stays locked for good. */
  replaceCard: () => cardCall({
    method: 'POST',
    path: '/v1/connect/api/cards/:cardId/replace',
    body: z.object({ card_id: id, type: z.string().min(1).max(32) }).extend(activationTokenSchema.shape),
    answer: wireData(ownedCardsSchema),
  }),
  /** Ours: the services' order and switches, every service of the card once, in the order to show. */
  arrangeServices: () => call({
    method: 'POST',
    path: '/v1/connect/api/services/arrange',
    auth: 'bearer',
    body: z.object({ services: z.array(z.object({ id, enabled: z.boolean() })).max(200) }),
    answer: wireData(z.object({ services: z.array(serviceSchema) })),
  }),
  /** Ours: the card's daily counts over the last `days` days (today included). */
  cardAnalytics: () => call({
    method: 'GET',
    path: '/v1/connect/api/card/analytics',
    auth: 'bearer',
    query: z.object({ days: analyticsRangeSchema }),
    answer: wireData(cardAnalyticsSchema),
  }),
});

/**
 * The public card's counting beacons: aggregated counts only (the day, the card, what and how many),
 * never the visitor's address, agent or a cookie.
 */
export const beaconCalls = lazyCalls({
  /** Ours: one view of the public card, by how the visitor came. */
  cardView: () => call({
    method: 'POST',
    path: CARD_BEACON_PATHS.cardView,
    auth: 'none',
    body: z.object({ link: z.string().min(1).max(200), source: cardViewSourceSchema }),
    answer: plainAnswerSchema,
  }),
  /** Ours: one click of a quick link (its id as the public card lists it). */
  linkClick: () => call({
    method: 'POST',
    path: CARD_BEACON_PATHS.linkClick,
    auth: 'none',
    body: z.object({ link: z.string().min(1).max(200), field_id: id }),
    answer: plainAnswerSchema,
  }),
});
