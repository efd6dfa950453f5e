import { useCallback, useMemo } from 'react';
import { calls, chatPostSchema, type ChatMessage } from '@tapcard/shared/contract';
import { api } from '../api.js';
import { useOutbox, type Outbox, type OutboxPlace, type PostResult } from './outbox.js';
import { refusalOf } from './refusals.js';

/** What proves who is writing: an attendee's access token (attendee and chip holder), or the organiser's session. */
export type Writer = { as: 'attendee'; tid: string } | { as: 'organiser' };

/** The writer as their messages show them (the organiser posts as ADMIN with no image). */
export interface ChatSelf {
  attendee_id: string;
  name: string;
  image: string;
}

/** Longest image reference a chat post carries (the contract's bound); a longer one is left out of the post. */
const MAX_IMAGE = chatPostSchema.shape.image.unwrap().maxLength ?? 0;

/** An attendee as their chat posts show them. */
export function chatSelfOf(attendee: { id: string; name: string; image: string }): ChatSelf {
  return { attendee_id: attendee.id, name: attendee.name, image: attendee.image.length <= MAX_IMAGE ? attendee.image : '' };
}

export interface PostTo {
  eventId: string | undefined;
  /** Null while the writer is unknown: nothing is kept and a send fails. */
  self: ChatSelf | null;
  /** Null while the writer cannot prove who they are (a chip holder before their token is entered). */
  by: Writer | null;
  /** The event's group chat, or a private chat with one attendee; null when there is no room (yet). */
  room: 'group' | { with: string } | null;
}

/**
 * Posting to one chat room: the room's outbox (see useOutbox: optimistic messages, kept across reloads
 * per event, sender and room, retry and delete) over the contract call that stores the message: the
 * attendee's (by access token) or the organiser's (by session), group or private. Posts are background
 * calls: a failure shows on the message (with Retry), never as a toast or a page change. A refusal
 * (an answer whose `code` is one of CHAT_REFUSAL_CODES) shows its reason instead, and the room's
 * `refusal` tells the page (e.g. to count a slow mode's wait down).
 *
 * `messages`: the room's confirmed messages from the live view (a private chat's PrivateChat rows).
 */
export function usePost(messages: readonly ChatMessage[], to: PostTo): Outbox {
  const { eventId, self, by, room } = to;
  const tid = by?.as === 'attendee' ? by.tid : null;
  const organiser = by?.as === 'organiser';
  const party = room === null ? null : room === 'group' ? 'group' : room.with;

  const post = useCallback(
    async (text: string): Promise<PostResult<ChatMessage>> => {
      if (!eventId || !self || party === null || (!tid && !organiser)) return { ok: false, error: '' };
      const group = { event_id: eventId, attendee_id: self.attendee_id, message: text, image: self.image };
      const direct = { event_id: eventId, attendee_id_1: self.attendee_id, attendee_id_2: party, message: text, image: self.image };
      const result =
        party === 'group'
          ? tid
            ? await api(calls.chat, { params: { id: tid }, body: group, background: true })
            : await api(calls.adminChat, { params: { id: eventId }, body: group, background: true })
          : tid
            ? await api(calls.privateChat, { params: { id: tid }, body: direct, background: true })
            : await api(calls.adminPrivateChat, { params: { id: eventId }, body: direct, background: true });
      if (result.ok) return { ok: true, message: result.answer.data };
      // A refusal (muted, slow mode, closed…) is an answer, not a lost message: the outbox words it again
      // in this browser's clock and keeps the text for a retry.
      const refusal = result.kind === 'failure' ? refusalOf(result.body) : undefined;
      return refusal ? { ok: false, error: result.message, refusal } : { ok: false, error: result.message };
    },
    [eventId, self, party, tid, organiser],
  );

  const senderId = self?.attendee_id;
  const place = useMemo<OutboxPlace | null>(() => (eventId && senderId && party !== null ? { eventId, senderId, room: party } : null), [eventId, senderId, party]);
  return useOutbox(messages, post, self, place);
}
