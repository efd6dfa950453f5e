import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { arenaSafetyCalls, calls, historyCalls, type Body, type Success } from '@tapcard/shared/contract';
import type { ViewOf } from '@tapcard/shared/realtime';
import { api, apiOrThrow } from '../../lib/api.js';
import { callQuery } from '../../lib/call-query.js';
import { keptById } from '../../lib/kept-by-id.js';
import { arenaViewOf } from '../../lib/live/polls.js';
import { KEPT_TICKETS_KEY, TICKETS_KEPT } from './kept-tickets.js';
import { arenaViewKey } from './visitor-keys.js';

/** The attendee pages' calls: their reads as queries, their writes as functions that return the call's result. */

type EventTokenAnswer = Success<typeof calls.eventToken>;

/**
 * The answer less the arena's chats, which the ticket page never shows: they would otherwise travel in
 * the server-rendered page, be kept on the device and be checked again on every read of it.
 */
function withoutChats(answer: EventTokenAnswer): EventTokenAnswer {
  return { ...answer, data: { ...answer.data, attendee: { ...answer.data.attendee, chats: [], private_chats: [] } } };
}

/**
 * The registration an access token names (event-token): the ticket page's data, without the arena's
 * chats. `background`: a network failure stays on the page (which shows the ticket it kept) instead of
 * leaving for the no-internet page.
 */
export function eventTokenQuery(tid: string, options: { background?: boolean } = {}) {
  return callQuery(calls, 'eventToken', { params: { id: tid } }, { ...options, pick: withoutChats });
}

/**
 * The last answer of each ticket page opened on this device, by access token, so the ticket and its QR
 * show at the door with no network. Only a success is kept (the schema's other branch reads as nothing
 * kept); a token refused later drops it. Cleared with the session's data.
 */
export const keptTickets = keptById(
  KEPT_TICKETS_KEY,
  (value) => {
    const parsed = calls.eventToken.answer.safeParse(value);
    return parsed.success && parsed.data.success === 'true' ? parsed.data : null;
  },
  TICKETS_KEPT,
);

/**
 * A ticket's cancel step (ticket-cancellation): confirmed or cancelled, what was paid, the refund policy
 * and a cancelled ticket's refund. A background read: the ticket page works without it. `pollMs`: read
 * again that often (a refund on its way), else never on its own.
 */
export function ticketCancellationQuery(tid: string) {
  return callQuery(calls, 'ticketCancellation', { params: { id: tid } }, { pick: (answer) => answer.data, background: true });
}

/**
 * Cancels the ticket once: the answer is the cancelled ticket's state, kept as the cancel step's read,
 * and the ticket page's read is asked again (it now answers that the token opens nothing).
 */
export function useCancelTicket(tid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiOrThrow(calls.cancelTicket, { params: { id: tid } })).data,
    onSuccess: (state) => {
      queryClient.setQueryData(ticketCancellationQuery(tid).queryKey, state);
      void queryClient.invalidateQueries({ queryKey: eventTokenQuery(tid).queryKey });
    },
  });
}

/**
 * The arena as the server render reads it (the event token): the view the live layer's REST fallback
 * builds, chats included, so the arena and its chats paint with their latest messages before any
 * script runs. Only the server fetches it; the server-rendered page hands it to the live page that takes
 * it over. Its key is its own, not the event token's (visitor-keys.ts).
 */
export function arenaViewQuery(tid: string) {
  return queryOptions({
    queryKey: arenaViewKey(tid),
    queryFn: async ({ signal }): Promise<ViewOf<'arena'>> => arenaViewOf((await apiOrThrow(calls.eventToken, { params: { id: tid }, signal })).data),
  });
}

/**
 * The attendee's own privacy settings and the attendees they blocked, with names (arena-safety). A
 * background read: a failure shows in the privacy section with Try again, never as the no-internet page.
 */
export function arenaSafetyQuery(tid: string) {
  return callQuery(arenaSafetyCalls, 'arenaSafety', { params: { id: tid } }, { pick: (answer) => answer.data, background: true });
}

/** The group chat's older messages before `before` (the history's next page). */
export async function chatHistory(tid: string, eventId: string, before: number) {
  return (await apiOrThrow(historyCalls.chatHistory, { params: { id: tid }, query: { before, event_id: eventId }, background: true })).data;
}

export const confirmRegistration = (token: string) => api(calls.confirmRegistration, { body: { token } });
export const redeemTicketRecovery = (token: string) => api(calls.redeemTicketRecovery, { body: { token } });
/** What an organiser message's unsubscribe link is for (the event's title, and whether it is done already). */
export const unsubscribeInfoQuery = (token: string) => callQuery(calls, 'unsubscribeInfo', { params: { token } }, { background: true });
/** Stops the organiser's messages of the link's event to its email. */
export const unsubscribeFromMessages = (token: string) => api(calls.unsubscribe, { params: { token } });
/** `background`: an automatic re-check, which says nothing when the network fails. */
export const paymentSuccessful = (body: Body<typeof calls.paymentSuccessful>, background: boolean) => api(calls.paymentSuccessful, { body, background });

type SafetyBody<N extends keyof typeof arenaSafetyCalls> = Body<(typeof arenaSafetyCalls)[N]>;
export const blockAttendee = (tid: string, body: SafetyBody<'blockAttendee'>) => api(arenaSafetyCalls.blockAttendee, { params: { id: tid }, body });
export const reportMessage = (tid: string, body: SafetyBody<'reportMessage'>) => api(arenaSafetyCalls.reportMessage, { params: { id: tid }, body });
export const arenaSettings = (tid: string, body: SafetyBody<'arenaSettings'>) => api(arenaSafetyCalls.arenaSettings, { params: { id: tid }, body });
export const shareCard = (tid: string, body: SafetyBody<'shareCard'>) => api(arenaSafetyCalls.shareCard, { params: { id: tid }, body });
