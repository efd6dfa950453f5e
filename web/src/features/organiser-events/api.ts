import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { EVENT_LOOKUP_LIMIT, EVENT_LOOKUP_PAGE } from '@tapcard/shared/constants';
import { calls, doorCalls, historyCalls, moderationCalls, type Body, type ChatMessage, type ReminderSettings } from '@tapcard/shared/contract';
import type { ChatRoomKind, MuteChoice } from '@tapcard/shared/rules';
import type { Update } from '@tapcard/shared/realtime';
import { ApiError, api, apiOrThrow } from '../../lib/api.js';
import { callKey, isCallQuery } from '../../lib/call-key.js';
import { callQuery, type CallQuery } from '../../lib/call-query.js';
import { idempotencyHeaders } from '../../lib/idempotency.js';
import { notify } from '../../lib/toast.js';
import { muteText } from './moderation-words.js';
import type { OrganiserView } from './organiser-view.js';
import { MODERATION_TEXTS as T, TEXTS } from './texts.js';

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

/** The group chat's older messages before `before` (the history's next page). */
export async function adminChatHistory(eventId: string, before: number) {
  return (await apiOrThrow(historyCalls.adminChatHistory, { params: { id: eventId }, query: { before }, background: true })).data;
}

/** The event's staff links (list-staff-links). */
export function staffLinksQuery(eventId: string) {
  return callQuery(doorCalls, 'listStaffLinks', { params: { id: eventId } });
}
export const createStaffLink = (eventId: string, body: Body<typeof doorCalls.createStaffLink>) => apiOrThrow(doorCalls.createStaffLink, { params: { id: eventId }, body });
export const revokeStaffLink = (eventId: string, linkId: string) => apiOrThrow(doorCalls.revokeStaffLink, { params: { id: eventId, link_id: linkId } });

/** A setting of an event: its read, and its save, whose answer replaces the read's (a refusal is a toast). */
function useEventSetting<T, V>(query: CallQuery<T>, write: (value: V) => Promise<NoInfer<T>>) {
  const queryClient = useQueryClient();
  const settings = useQuery(query);
  const save = useMutation({
    mutationFn: write,
    onSuccess: (answer) => queryClient.setQueryData(query.queryKey, answer),
    onError: (error) => notify.error(error.message),
  });
  return { settings, save };
}

/** The event's door settings (door-settings) and their save. */
export function useDoorSettings(eventId: string) {
  return useEventSetting(callQuery(doorCalls, 'doorSettings', { params: { id: eventId } }), (checkOut: boolean) =>
    apiOrThrow(doorCalls.setDoorSettings, { params: { id: eventId }, body: { check_out: checkOut } }),
  );
}

/** The event's reminder mails as the organiser set them, and their save. */
export function useReminderSettings(eventId: string) {
  return useEventSetting(callQuery(calls, 'reminderSettings', { params: { id: eventId } }), (settings: ReminderSettings) =>
    apiOrThrow(calls.setReminderSettings, { params: { id: eventId }, body: settings }),
  );
}

/** The event's door conflicts as of the live view's version (list-door-conflicts): a new version reads them again. */
export function doorConflictsQuery(eventId: string, version: number) {
  return callQuery(doorCalls, 'listDoorConflicts', { params: { id: eventId } }, { asOf: version });
}

/**
 * The organiser's moderation calls. Each write's answer is merged into the live view at once (the
 * live update that follows within a second brings the same), and the moderation page's data (mutes,
 * log) is read again. A refusal shows the server's words; a network failure has had its toast already.
 */

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

/** The page's live view and its local merge (useOrganiserLive). */
export interface LiveControl {
  view: OrganiserView | null;
  applyLocal: (change: Partial<Update>) => void;
}

export function toastFailure(error: Error): void {
  if (error instanceof ApiError && error.kind === 'network') return;
  notify.error(error.message);
}

/** Reads the moderation page's data again, whatever live view version it was read as of. */
function useRefresh(eventId: string): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: callKey('moderation', { params: { id: eventId } }) }), [queryClient, eventId]);
}

/** The moderation page's read (reports, mutes, the log), again whenever the live view's version moves. */
export function useModerationData(eventId: string, version: number) {
  return useQuery({
    ...callQuery(moderationCalls, 'moderation', { params: { id: eventId } }, { asOf: version }),
    enabled: eventId !== '',
    placeholderData: keepPreviousData,
    select: (answer) => answer.data,
  });
}

/** Mutes an attendee for some minutes or for good, or unmutes them ('off'). */
export function useMuteAttendee(eventId: string, live: LiveControl) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: ({ attendeeId, mute }: { attendeeId: string; name: string; mute: MuteChoice }) =>
      apiOrThrow(moderationCalls.muteAttendee, { params: { id: eventId }, body: { attendee_id: attendeeId, mute } }),
    onSuccess: (answer, { name }) => {
      const { attendee_id: attendeeId, mute } = answer.data;
      const attendee = live.view?.attendees.find((a) => a.id === attendeeId);
      if (attendee) live.applyLocal({ attendees: [{ ...attendee, mute }] });
      const state = muteText(mute, new Date());
      notify.success(state ? T.muted(name, state) : T.unmuted(name));
      refresh();
    },
    onError: toastFailure,
  });
}

/** Closes or opens the group chat, or sets slow mode. */
export function useChatSettings(eventId: string, live: LiveControl) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: (change: { closed: boolean } | { slow_mode_seconds: number }) => apiOrThrow(moderationCalls.chatSettings, { params: { id: eventId }, body: change }),
    onSuccess: (answer) => {
      live.applyLocal({ chat: answer.data.chat });
      refresh();
    },
    onError: toastFailure,
  });
}

/** The message as every screen shows a removed one: no text, hidden. */
const removedCopy = <M extends ChatMessage>(message: M): M => ({ ...message, message: '', removed: true });

function removeLocally(live: LiveControl, messageId: string, room: ChatRoomKind): void {
  const view = live.view;
  if (!view) return;
  if (room === 'group') {
    const message = view.chats.find((m) => m.id === messageId);
    if (message) live.applyLocal({ chats: [removedCopy(message)] });
  } else {
    const message = view.private_chats.find((m) => m.id === messageId);
    if (message) live.applyLocal({ private_chats: [removedCopy(message)] });
  }
}

/** Removes a message for everyone. */
export function useRemoveMessage(eventId: string, live: LiveControl) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: ({ messageId, room }: { messageId: string; room: ChatRoomKind }) =>
      apiOrThrow(moderationCalls.removeMessage, { params: { id: eventId }, body: { message_id: messageId, room } }),
    onSuccess: (_answer, { messageId, room }) => {
      removeLocally(live, messageId, room);
      notify.success(T.removed);
      refresh();
    },
    onError: toastFailure,
  });
}

/** Acts on a report: dismiss it, mark it resolved, or remove the reported message (which resolves it). */
export function useHandleReport(eventId: string, live: LiveControl) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: ({ reportId, action }: { reportId: string; action: 'dismiss' | 'resolve' | 'remove_message' }) =>
      apiOrThrow(moderationCalls.handleReport, { params: { id: eventId, reportId }, body: { action } }),
    onSuccess: (answer, { action }) => {
      const { report } = answer.data;
      live.applyLocal({ reports: [report] });
      if (action === 'remove_message') {
        removeLocally(live, report.message_id, report.room);
        notify.success(T.removed);
      } else if (action === 'dismiss') notify.success(T.dismissed);
      refresh();
    },
    onError: toastFailure,
  });
}

/** Pins an announcement. A refusal (too long, or already PINNED_ANNOUNCEMENTS_MAX pinned) is for the form to show. */
export function usePinAnnouncement(eventId: string, live: LiveControl) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: (message: string) => apiOrThrow(moderationCalls.pinAnnouncement, { params: { id: eventId }, body: { message } }),
    onSuccess: (answer) => {
      live.applyLocal({ announcements: [answer.data.announcement] });
      notify.success(T.pinned);
      refresh();
    },
  });
}

/** Unpins an announcement. */
export function useUnpinAnnouncement(eventId: string, live: LiveControl) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: (announcementId: string) => apiOrThrow(moderationCalls.unpinAnnouncement, { params: { id: eventId, announcementId } }),
    onSuccess: (_answer, announcementId) => {
      const announcement = live.view?.announcements?.find((a) => a.id === announcementId);
      if (announcement) live.applyLocal({ announcements: [{ ...announcement, pinned: false }] });
      notify.success(T.unpinned);
      refresh();
    },
    onError: toastFailure,
  });
}
