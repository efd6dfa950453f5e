import { z } from 'zod';

/**
 * The owner's card beyond its content: the physical cards bound to it (lock, replace), which links and
 * services the public card shows, and its privacy-respecting analytics.
 */

/** The server's answers an owner may meet (the web shows them as they are). */
export const ownerCardMessages = {
  cardNotYours: 'Card not found',
  alreadyReplaced: 'This card has been replaced and stays locked',
  sameCard: 'Choose a new card to replace this one',
  servicesMismatch: 'Send every service of your card, once each',
  analyticsRange: 'Choose 7, 30 or 90 days',
} as const;

/** The ranges the owner's analytics are shown for, in days (the default first). */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const analyticsRangeSchema = z.coerce
  .number()
  .refine((n): n is AnalyticsRange => (ANALYTICS_RANGES as readonly number[]).includes(n), ownerCardMessages.analyticsRange);

/** The share of views that ended in an exchange of contacts, in percent with one decimal (0 with no views). */
export function exchangeRate(views: number, exchanges: number): number {
  if (views <= 0) return 0;
  return Math.round((exchanges / views) * 1000) / 10;
}
