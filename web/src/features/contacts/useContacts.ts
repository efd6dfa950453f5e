import { useQuery } from '@tanstack/react-query';
import { calls } from '@tapcard/shared/contract';
import { apiOrThrow } from '../../lib/api.js';

export const CONTACTS_KEY = ['contacts'] as const;

/** The owner's contacts (get-contacts). */
export function useContacts() {
  return useQuery({ queryKey: CONTACTS_KEY, queryFn: ({ signal }) => apiOrThrow(calls.getContacts, { signal }).then((answer) => answer.data.contacts) });
}
