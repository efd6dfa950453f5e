import { useQuery, type QueryClient } from '@tanstack/react-query';
import { calls, type Contact } from '@tapcard/shared/contract';
import { api } from '../../lib/api.js';
import { callQuery } from '../../lib/call-query.js';

/** The contacts pages' calls: the list as a query, the writes as functions that return the call's result. */

/** The owner's contacts (get-contacts), cached as the list. */
const contactsQuery = () => callQuery(calls, 'getContacts', {}, { pick: (answer) => answer.data.contacts });

/** The owner's contacts (get-contacts). */
export function useContacts() {
  return useQuery(contactsQuery());
}

export const downloadContact = (contactId: string) => api(calls.downloadContact, { params: { contactId } });
export const deleteContact = (contactId: string) => api(calls.deleteContact, { params: { contactId } });
export const setContactNote = (contactId: string, note: string) => api(calls.setContactNote, { params: { contactId }, body: { note } });

/** Changes the cached list at once (a deleted contact leaves it, a saved one replaces its old self), then reads it again. */
export function updateContacts(queryClient: QueryClient, change: (list: Contact[]) => Contact[]): void {
  const { queryKey } = contactsQuery();
  queryClient.setQueryData(queryKey, (list) => (list ? change(list) : list));
  void queryClient.invalidateQueries({ queryKey });
}
