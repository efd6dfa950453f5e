import { useQuery } from '@tanstack/react-query';
import { ownerCardCalls } from '@tapcard/shared/contract';
import type { AnalyticsRange } from '@tapcard/shared/rules';
import { apiOrThrow } from '../../lib/api.js';
import { queryKeys } from '../../lib/query-keys.js';

/** The owner's card analytics over the last `days` days. */
export function useCardAnalytics(days: AnalyticsRange) {
  return useQuery({
    queryKey: queryKeys.cardAnalytics(days),
    queryFn: ({ signal }) => apiOrThrow(ownerCardCalls.cardAnalytics, { query: { days }, signal }).then((answer) => answer.data),
  });
}
