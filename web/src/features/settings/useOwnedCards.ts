import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ownerCardCalls, type OwnedCard, type OwnedCards } from '@tapcard/shared/contract';
import { api, apiOrThrow, type ApiResult } from '../../lib/api.js';
import { queryKeys } from '../../lib/query-keys.js';

/** The owner's physical cards and whether the public card opens by its link (read fresh each visit). */
export function useOwnedCards() {
  return useQuery({
    queryKey: queryKeys.myCards(),
    queryFn: ({ signal }) => apiOrThrow(ownerCardCalls.myCards, { signal }).then((answer) => answer.data),
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
      if (result.ok) queryClient.setQueryData<OwnedCards>(queryKeys.myCards(), result.answer.data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myCards() }),
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
