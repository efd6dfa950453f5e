import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { calls } from '@tapcard/shared/contract';
import type { ViewOf } from '@tapcard/shared/realtime';
import { apiOrThrow } from '../../lib/api.js';
import { arenaViewOf } from '../../lib/live/polls.js';
import { useArenaLive } from '../../lib/live/useLiveEvent.js';
import { chatSelfOf } from '../../lib/live/usePost.js';
import { queryKeys } from '../../lib/query-keys.js';

/** The arena's live view plus the attendee as the chats post under. */
export function useArena(tid: string) {
  const live = useArenaLive(tid);
  const attendee = live.view?.attendee ?? null;
  const self = useMemo(() => (attendee ? chatSelfOf(attendee) : null), [attendee]);
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
    queryKey: queryKeys.arenaSeed(tid),
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
