import { useQuery } from '@tanstack/react-query';
import { calls } from '@tapcard/shared/contract';
import { apiOrThrow } from '../../lib/api.js';

/** The public card of a `?link=` value (connect-vcard). */
export function usePublicCard(link: string | null) {
  return useQuery({
    queryKey: ['publicCard', link],
    queryFn: ({ signal }) => apiOrThrow(calls.connectVcard, { query: { link: link ?? '' }, signal }),
    enabled: !!link,
    select: (answer) => answer.data,
  });
}
