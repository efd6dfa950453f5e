import { useQuery } from '@tanstack/react-query';
import { calls } from '@tapcard/shared/contract';
import { apiOrThrow } from '../../lib/api.js';
import { queryKeys } from '../../lib/query-keys.js';

/** The owner's contacts (get-contacts). */
export function useContacts() {
  return useQuery({ queryKey: queryKeys.getContacts(), queryFn: ({ signal }) => apiOrThrow(calls.getContacts, { signal }).then((answer) => answer.data.contacts) });
}
