import { queryOptions, useQuery } from '@tanstack/react-query';
import { calls } from '@tapcard/shared/contract';
import { apiOrThrow } from '../../lib/api.js';
import { queryKeys } from '../../lib/query-keys.js';

/** The connect-vcard answer of a `?link=` value; the server render prefetches the same query. */
export function publicCardQuery(link: string) {
  return queryOptions({
    queryKey: queryKeys.connectVcard(link),
    queryFn: ({ signal }) => apiOrThrow(calls.connectVcard, { query: { link }, signal }),
  });
}

/** The public card of a `?link=` value (connect-vcard). */
export function usePublicCard(link: string | null) {
  return useQuery({ ...publicCardQuery(link ?? ''), enabled: !!link, select: (answer) => answer.data });
}
