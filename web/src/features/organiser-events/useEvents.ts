import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENT_LOOKUP_LIMIT, EVENT_LOOKUP_PAGE } from '@tapcard/shared/constants';
import { calls } from '@tapcard/shared/contract';
import { apiOrThrow } from '../../lib/api.js';
import { queryKeys } from '../../lib/query-keys.js';

/** Every organiser event query starts with this key, so a change refreshes them all (the event wizard's name for it). */
export const EVENTS_QUERY_KEY = queryKeys.organiserEvents();

export function useEventLists() {
  return useQuery({
    queryKey: queryKeys.listEvents(),
    queryFn: ({ signal }) => apiOrThrow(calls.listEvents, { query: { page: EVENT_LOOKUP_PAGE, limit: EVENT_LOOKUP_LIMIT }, signal }),
    select: (answer) => answer.data,
  });
}

export function useEvent(id: string) {
  return useQuery({
    queryKey: queryKeys.getEvent(id),
    queryFn: ({ signal }) => apiOrThrow(calls.getEvent, { params: { id }, signal }),
    enabled: id !== '',
    select: (answer) => answer.data,
  });
}

/** The organiser's view of an event (attendees, chats, the organiser's user id), read once; live pages add the socket. */
export function useAdminEvent(id: string) {
  return useQuery({
    queryKey: queryKeys.adminEvent(id),
    queryFn: ({ signal }) => apiOrThrow(calls.adminEvent, { params: { id }, signal }),
    enabled: id !== '',
    select: (answer) => answer.data,
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiOrThrow(calls.deleteEvent, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.organiserEvents() }),
  });
}
