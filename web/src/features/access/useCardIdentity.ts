import { useQuery } from '@tanstack/react-query';
import { calls } from '@tapcard/shared/contract';
import { ApiError, apiOrThrow } from '../../lib/api.js';
import { queryKeys } from '../../lib/query-keys.js';

/** The physical card a query's `id` names (confirm-card-id), so a screen can show not-found for an unknown one. */
export function useCardIdentity(cardId: string | null) {
  return useQuery({
    queryKey: queryKeys.confirmCardId(cardId),
    queryFn: ({ signal }) => apiOrThrow(calls.confirmCardId, { body: { card_id: cardId ?? '' }, signal }),
    enabled: cardId !== null && cardId !== '',
    staleTime: Infinity,
    select: (answer) => answer.data.info,
  });
}

/** True when the server says the card id does not exist (or is not a card id at all). */
export function isUnknownCard(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'failure' && (error.status === 404 || error.status === 400);
}
