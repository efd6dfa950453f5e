import { useMemo } from 'react';
import { useArenaLive } from '../../lib/live/useLiveEvent.js';
import { chatSelfOf } from '../../lib/live/usePost.js';

/** The arena's live view plus the attendee as the chats post under. */
export function useArena(tid: string) {
  const live = useArenaLive(tid);
  const attendee = live.view?.attendee ?? null;
  const self = useMemo(() => (attendee ? chatSelfOf(attendee) : null), [attendee]);
  return { live, self };
}
