import { useQuery } from '@tanstack/react-query';
import { calls, type Body } from '@tapcard/shared/contract';
import { api } from '../../lib/api.js';
import { callQuery } from '../../lib/call-query.js';

/**
 * The public card pages' calls in the app: the card as a query (the server render prefetches the same
 * one, and the light visitor pages find it by visitor-keys.ts), the contact exchange as a function. The
 * view and link counts go by beacon (beacon.ts), without the contract's schemas.
 */

/** The connect-vcard answer of a `?link=` value; the server render prefetches the same query. */
export function publicCardQuery(link: string) {
  return callQuery(calls, 'connectVcard', { query: { link } });
}

/** The public card of a `?link=` value (connect-vcard). */
export function usePublicCard(link: string | null) {
  return useQuery({ ...publicCardQuery(link ?? ''), enabled: !!link, select: (answer) => answer.data });
}

/** Leaves the visitor's details with the card's owner. */
export const exchangeContact = (body: Body<typeof calls.exchangeContact>) => api(calls.exchangeContact, { body });
