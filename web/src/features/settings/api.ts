import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls, ownerCardCalls, type Body, type OwnedCard } from '@tapcard/shared/contract';
import { api, apiOrThrow, type ApiResult } from '../../lib/api.js';
import { callQuery } from '../../lib/call-query.js';

/** The settings pages' calls: the reads as queries, the writes as mutations and functions. */

/** The owner's physical cards (my-cards), cached as the list; a lock, unlock or replace writes its answer here. */
const ownedCardsQuery = () => callQuery(ownerCardCalls, 'myCards', {}, { pick: (answer) => answer.data });

/** The owner's physical cards and whether the public card opens by its link (read fresh each visit). */
export function useOwnedCards() {
  return useQuery({
    ...ownedCardsQuery(),
    staleTime: 0,
  });
}

export type LockRequest = { card: OwnedCard; locked: boolean; keepLink: boolean };
export type ReplaceRequest = { card: OwnedCard; body: { card_id: string; type: string; token: string } };

/** Settles the cards' cache: the answer's list where there is one, and a fresh read after every change. */
function useCardsAnswer() {
  const queryClient = useQueryClient();
  return {
    onSuccess: (result: ApiResult<typeof ownerCardCalls.lockCard | typeof ownerCardCalls.replaceCard>) => {
      if (result.ok) queryClient.setQueryData(ownedCardsQuery().queryKey, result.answer.data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownedCardsQuery().queryKey }),
  };
}

/** Locks or unlocks a card; resolves with the call's result (the caller toasts and closes). */
export function useLockCard() {
  return useMutation({
    mutationFn: ({ card, locked, keepLink }: LockRequest) =>
      api(ownerCardCalls.lockCard, { params: { cardId: card.id }, body: { locked, keep_link: keepLink } }),
    ...useCardsAnswer(),
  });
}

/** Activates a new card on the profile in place of `card`; resolves with the call's result (field messages included). */
export function useReplaceCard() {
  return useMutation({
    mutationFn: ({ card, body }: ReplaceRequest) => api(ownerCardCalls.replaceCard, { params: { cardId: card.id }, body }),
    ...useCardsAnswer(),
  });
}

/** Every device signed in to the account (list-sessions), read fresh each visit. */
export function sessionsQuery() {
  return callQuery(calls, 'listSessions', {}, { pick: (answer) => answer.data.sessions });
}

/** Ends one other session, or all the others. */
export async function endSessions(target: { sessionId: string } | 'others'): Promise<void> {
  if (target === 'others') await apiOrThrow(calls.endOtherSessions);
  else await apiOrThrow(calls.endSession, { params: { sessionId: target.sessionId } });
}

export const changePassword = (values: Body<typeof calls.changePassword>) => api(calls.changePassword, { body: values });
