import { useQuery } from '@tanstack/react-query';
import { calls } from '@tapcard/shared/contract';
import { ApiError, apiOrThrow } from '../../lib/api.js';
import { queryKeys } from '../../lib/query-keys.js';

/** The physical card `cardId` names (confirm-card-id: its id, type and status); not asked without an id. */
export function useCardInfo(cardId: string) {
  return useQuery({
    queryKey: queryKeys.confirmCardId(cardId),
    queryFn: ({ signal }) => apiOrThrow(calls.confirmCardId, { body: { card_id: cardId }, signal }),
    enabled: cardId !== '',
    staleTime: Infinity,
    select: (answer) => answer.data.info,
  });
}

/** Whether the card lookup failed because no such card exists. */
export const isUnknownCard = (error: unknown): boolean => error instanceof ApiError && error.kind === 'failure' && [400, 404].includes(error.status);
