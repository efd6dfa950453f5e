import { useMemo } from 'react';
import { useArenaLive } from '../../lib/live/useLiveEvent.js';
import { chatSelfOf } from '../../lib/live/usePost.js';
import { useEventPagesWorker } from '../../lib/pwa.js';

/** The arena's live view plus the attendee as the chats post under; the arena's pages load offline once visited. */
export function useArena(tid: string) {
  useEventPagesWorker();
  const live = useArenaLive(tid);
  const attendee = live.view?.attendee ?? null;
  const self = useMemo(() => (attendee ? chatSelfOf(attendee) : null), [attendee]);
  return { live, self };
}
