import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { EVENT_LOOKUP_LIMIT, EVENT_LOOKUP_PAGE } from '@tapcard/shared/constants';
import { calls, type Body } from '@tapcard/shared/contract';
import { ApiError, api, apiOrThrow } from '../../lib/api.js';
import { callKey, isCallQuery } from '../../lib/call-key.js';
import { callQuery } from '../../lib/call-query.js';
import { idempotencyHeaders } from '../../lib/idempotency.js';
import { notify } from '../../lib/toast.js';
import { TEXTS } from './texts.js';

/**
 * The organiser's calls: the event reads as queries, the writes as mutations and functions.
 *
 * Every read of one of the organiser's events below is of these calls, so an event saved or deleted
 * refreshes them all (refreshOrganiserEvents).
 */
const ORGANISER_EVENT_CALLS = ['listEvents', 'getEvent', 'adminEvent', 'listStaffLinks', 'doorSettings', 'reminderSettings', 'listDoorConflicts', 'moderation'] as const;

/** Reads every organiser event query again (the list, each event, its staff links, door settings, conflicts and moderation). */
export function refreshOrganiserEvents(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isCallQuery(query.queryKey, ORGANISER_EVENT_CALLS) });
}

export function useEventLists() {
  return useQuery({
    ...callQuery(calls, 'listEvents', { query: { page: EVENT_LOOKUP_PAGE, limit: EVENT_LOOKUP_LIMIT } }),
    select: (answer) => answer.data,
  });
}

export function useEvent(id: string) {
  return useQuery({
    ...callQuery(calls, 'getEvent', { params: { id } }),
    enabled: id !== '',
    select: (answer) => answer.data,
  });
}

/** The organiser's view of an event (attendees, chats, the organiser's user id), read once; live pages add the socket. */
function adminEventQuery(id: string) {
  return callQuery(calls, 'adminEvent', { params: { id } });
}

export function useAdminEvent(id: string) {
  return useQuery({
    ...adminEventQuery(id),
    enabled: id !== '',
    select: (answer) => answer.data,
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiOrThrow(calls.deleteEvent, { params: { id } }),
    onSuccess: () => refreshOrganiserEvents(queryClient),
  });
}

/** Saves an event the wizard made: an update of `id`, or a new event (sent with its attempt's idempotency key). */
export function saveEvent(payload: Body<typeof calls.createEvent>, target: { id: string } | { idempotencyKey: string }) {
  if ('id' in target) return api(calls.updateEvent, { params: { id: target.id }, body: payload });
  return api(calls.createEvent, { body: payload, headers: idempotencyHeaders(target.idempotencyKey) });
}

/** The organiser checks an attendee in or out (the attendee dialog's switch). */
export const checkIn = (eventId: string, attendeeId: string, checked: boolean) => apiOrThrow(calls.checkIn, { params: { id: attendeeId }, body: { event_id: eventId, checked_in: checked } });

/** Reads the organiser's view of an event again (the page's fallback while no live view is there). */
export const refreshAdminEvent = (queryClient: QueryClient, eventId: string) => queryClient.invalidateQueries({ queryKey: adminEventQuery(eventId).queryKey });

/** Mails a confirmed attendee's ticket again (a new access link); the toast names them. */
export function useResendTicket(eventId: string) {
  return useMutation({
    mutationFn: ({ attendeeId }: { attendeeId: string; name: string }) => apiOrThrow(calls.resendTicket, { params: { id: eventId }, body: { attendee_id: attendeeId } }),
    onSuccess: (_answer, { name }) => notify.success(TEXTS.ticketResent(name)),
    onError: toastFailure,
  });
}

/** How often the cancelled list is read again while a refund is on its way. */
const REFUND_POLL_MS = 5000;

/** The event's cancelled registrations with their refunds, read again while a refund is on its way. */
export function useCancelledAttendees(eventId: string) {
  return useQuery({
    ...callQuery(calls, 'cancelledAttendees', { params: { id: eventId } }, { pick: (answer) => answer.data, background: true }),
    refetchInterval: (q) => (q.state.data?.some((a) => a.refund?.state === 'pending_request' || a.refund?.state === 'pending') ? REFUND_POLL_MS : false),
  });
}

/** Cancels a confirmed attendee's registration (a paid ticket refunded in full); the attendees and the cancelled list are read again. */
export function useCancelAttendee(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ attendeeId }: { attendeeId: string; name: string }) => apiOrThrow(calls.cancelAttendee, { params: { id: eventId }, body: { attendee_id: attendeeId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: callKey('cancelledAttendees', { params: { id: eventId } }) });
      void refreshAdminEvent(queryClient, eventId);
    },
    onError: toastFailure,
  });
}

export function toastFailure(error: Error): void {
  if (error instanceof ApiError && error.kind === 'network') return;
  notify.error(error.message);
}
