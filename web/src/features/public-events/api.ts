import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { calls, type Body } from '@tapcard/shared/contract';
import { api } from '../../lib/api.js';
import { isCallQuery } from '../../lib/call-key.js';
import { callQuery } from '../../lib/call-query.js';

/**
 * The public event pages' calls: the reads as queries (the server render prefetches the same ones, and
 * the light visitor pages find them by visitor-keys.ts), the writes as functions.
 */

/** A public event by id (card/event/:id pages); the server render prefetches the same query. */
export function publicEventQuery(id: string) {
  return callQuery(calls, 'publicEvent', { params: { id } });
}

/** A public event by its clean name (events/l/:id pages); prefetched by the server render too. */
export function openEventQuery(cleanName: string) {
  return callQuery(calls, 'openEvent', { query: { id: cleanName } });
}

/** The events of a card (card/event?link=); prefetched by the server render too. */
export function cardEventsQuery(link: string) {
  return callQuery(calls, 'cardEvents', { query: { link } });
}

export function usePublicEvent(id: string) {
  return useQuery({ ...publicEventQuery(id), enabled: id !== '', select: (answer) => answer.data });
}

export function useOpenEvent(cleanName: string) {
  return useQuery({ ...openEventQuery(cleanName), enabled: cleanName !== '', select: (answer) => answer.data.event });
}

/**
 * An open link with a former clean name (the event was renamed since it was shared) is replaced in the
 * address bar by the event's current one, `toPath(current)`, without a new history entry; the answer
 * already read is kept under the current name, so nothing is fetched again.
 */
export function useCurrentOpenLink(cleanName: string, current: string | undefined, toPath: (cleanName: string) => string): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!current || current === cleanName) return;
    const answer = queryClient.getQueryData(openEventQuery(cleanName).queryKey);
    if (answer) queryClient.setQueryData(openEventQuery(current).queryKey, answer);
    void navigate(toPath(current), { replace: true });
  }, [cleanName, current, navigate, queryClient, toPath]);
}

export function useCardEvents(link: string | null) {
  return useQuery({ ...cardEventsQuery(link ?? ''), enabled: !!link, select: (answer) => answer.data });
}

/** Everyone registered for an event, with the capacity. */
export function useEventAttendees(id: string) {
  return useQuery({
    ...callQuery(calls, 'eventAttendees', { params: { id } }),
    enabled: id !== '',
    select: (answer) => answer.data,
  });
}

/** The queries that show an event's tickets and attendees to the public. */
const PUBLIC_EVENT_QUERIES = ['publicEvent', 'openEvent', 'eventAttendees', 'cardEvents'] as const;

/**
 * After a registration the event's stock, count and avatars have changed: its cached public views are
 * marked stale, so the event page the visitor goes back to shows the new numbers at once.
 */
export function invalidatePublicEvent(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isCallQuery(query.queryKey, PUBLIC_EVENT_QUERIES) });
}

export const register = (body: Body<typeof calls.register>) => api(calls.register, { body });
/** Gives back a ticket held for a payment that will not be made. */
export const releaseHeldTicket = (token: string) => api(calls.releaseHeldTicket, { body: { token } });
