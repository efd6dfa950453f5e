import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { historyCalls, moderationCalls, type ChatMessage } from '@tapcard/shared/contract';
import type { ChatRoomKind, MuteChoice } from '@tapcard/shared/rules';
import type { Update } from '@tapcard/shared/realtime';
import { apiOrThrow } from '../../lib/api.js';
import { callKey } from '../../lib/call-key.js';
import { callQuery } from '../../lib/call-query.js';
import { notify } from '../../lib/toast.js';
import { toastFailure } from './api.js';
import { muteText } from './moderation-words.js';
import { MODERATION_TEXTS as T } from './moderation-texts.js';
import type { OrganiserView } from './organiser-view.js';

/** The group chat's older messages before `before` (the history's next page). */
export async function adminChatHistory(eventId: string, before: number) {
  return (await apiOrThrow(historyCalls.adminChatHistory, { params: { id: eventId }, query: { before }, background: true })).data;
}

/** The page's live view and its local merge (useOrganiserLive). */
export interface LiveControl {
  view: OrganiserView | null;
  applyLocal: (change: Partial<Update>) => void;
}

/**
 * The organiser's moderation calls. Each write's answer is merged into the live view at once (the
 * live update that follows within a second brings the same), and the moderation page's data (mutes,
 * log) is read again. A refusal shows the server's words; a network failure has had its toast already.
 */

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
