import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { calls, type ChatMessage, type PrivateChat } from '@tapcard/shared/contract';
import type { ViewOf } from '@tapcard/shared/realtime';
import { api, apiOrThrow } from '../../lib/api.js';
import type { PostResult } from '../../lib/live/chat.js';
import { arenaViewOf } from '../../lib/live/polls.js';
import { useArenaLive } from '../../lib/live/useLiveEvent.js';

/** Longest image reference a chat post carries (the contract's bound); a longer one is left out. */
const MAX_IMAGE = 2048;

/** The arena's live view plus the attendee as the chats post under. */
export function useArena(tid: string) {
  const live = useArenaLive(tid);
  const attendee = live.view?.attendee ?? null;
  const self = useMemo(() => (attendee ? { attendee_id: attendee.id, name: attendee.name, image: attendee.image.length <= MAX_IMAGE ? attendee.image : '' } : null), [attendee]);
  return { live, self };
}

/** What the arena page draws before the live view arrives: the event and the attendee, without the chats. */
export type ArenaSeed = Pick<ViewOf<'arena'>, 'event' | 'attendee'>;

/**
 * The arena's first screen as the server render reads it (the event token), so the page paints with the
 * event before any script runs. Only the server fetches it; the browser takes it from the page and then
 * follows the live view.
 */
export function arenaSeedQuery(tid: string) {
  return queryOptions({
    queryKey: ['arenaSeed', tid],
    queryFn: async ({ signal }): Promise<ArenaSeed> => {
      const { data } = await apiOrThrow(calls.eventToken, { params: { id: tid }, signal });
      // The same view the REST fallback builds, less its chats.
      const { event, attendee } = arenaViewOf(data);
      return { event, attendee };
    },
  });
}

/** The server render's seed of this arena, when the page came with one. */
export function useArenaSeed(tid: string): ArenaSeed | undefined {
  return useQuery({ ...arenaSeedQuery(tid), enabled: false }).data;
}

/** Posts to the event's group chat as the attendee (the tid proves who is writing). */
export function useGroupPost(tid: string, eventId: string | undefined, self: { attendee_id: string; image: string } | null) {
  return useCallback(
    async (text: string): Promise<PostResult<ChatMessage>> => {
      if (!eventId || !self) return { ok: false, error: '' };
      const result = await api(calls.chat, { params: { id: tid }, body: { event_id: eventId, attendee_id: self.attendee_id, message: text, image: self.image }, background: true });
      return result.ok ? { ok: true, message: result.answer.data } : { ok: false, error: result.message };
    },
    [tid, eventId, self],
  );
}

/** Posts a private message to `aid` as the attendee. */
export function usePrivatePost(tid: string, aid: string, eventId: string | undefined, self: { attendee_id: string; image: string } | null) {
  return useCallback(
    async (text: string): Promise<PostResult<PrivateChat>> => {
      if (!eventId || !self) return { ok: false, error: '' };
      const result = await api(calls.privateChat, {
        params: { id: tid },
        body: { event_id: eventId, attendee_id_1: self.attendee_id, attendee_id_2: aid, message: text, image: self.image },
        background: true,
      });
      return result.ok ? { ok: true, message: result.answer.data } : { ok: false, error: result.message };
    },
    [tid, aid, eventId, self],
  );
}
