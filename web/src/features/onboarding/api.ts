import { useQuery } from '@tanstack/react-query';
import { calls, type Body } from '@tapcard/shared/contract';
import { ApiError, api } from '../../lib/api.js';
import { callQuery } from '../../lib/call-query.js';
import { isCallQuery } from '../../lib/call-key.js';

/** The onboarding wizard's calls: the card it activates as a query, its writes as functions that return the call's result. */

export const verifyMail = (email: string) => api(calls.verifyMail, { body: { email } });
export const verifyCode = (body: Body<typeof calls.verifyCode>) => api(calls.verifyCode, { body });
export const confirmToken = (body: Body<typeof calls.confirmToken>) => api(calls.confirmToken, { body });
/** Sign-up is a background call: its failures are said by the wizard in its own words. */
export const signUp = (body: Body<typeof calls.signUp>) => api(calls.signUp, { body, background: true });
/** The new card, created with the token sign-up just returned (the session is saved only after). */
export const createCard = (body: Body<typeof calls.createCard>, authorization: string) => api(calls.createCard, { body, authorization, background: true });

/** The physical card `cardId` names (confirm-card-id: its id, type and status); not asked without an id. */
export function useCardInfo(cardId: string) {
  return useQuery({
    ...callQuery(calls, 'confirmCardId', { body: { card_id: cardId } }),
    enabled: cardId !== '',
    staleTime: Infinity,
    select: (answer) => answer.data.info,
  });
}

/** Whether the card lookup failed because no such card exists. */
export const isUnknownCard = (error: unknown): boolean => error instanceof ApiError && error.kind === 'failure' && [400, 404].includes(error.status);

/** Whether a cached query is the card lookup, which a signed-out start keeps (the wizard's card stays known). */
export const isCardLookup = (queryKey: readonly unknown[]): boolean => isCallQuery(queryKey, ['confirmCardId']);
